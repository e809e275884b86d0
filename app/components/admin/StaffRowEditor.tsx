import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import { STAFF_ROLES, type StaffRole } from '../../../contract/admin/roles';
import type { SiteOptions } from '../../../contract/admin/site-options';
import type { StaffMember } from '../../../contract/admin/staff';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { StaffAccountActions } from './StaffAccountActions';
import { StaffSitesEditor } from './StaffSitesEditor';

/** One staff account's role and refund limit, saved with the version it was loaded at, its sites, and the actions on the account. */
export function StaffRowEditor({ member, sites }: { member: StaffMember; sites: SiteOptions }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [limit, setLimit] = useState(String(member.refund_limit_credits));
  const [perGrant, setPerGrant] = useState(String(member.goodwill_per_grant));
  const [per30Days, setPer30Days] = useState(String(member.goodwill_per_30_days));
  const [saved, setSaved] = useState(false);
  const save = useApiAction((change: Record<string, unknown>) =>
    api(`/api/admin/staff/${member.id}`, { method: 'PATCH', body: { version: member.version, ...change }, retries: 0 }),
  );

  const submit = async (change: Record<string, unknown>) => {
    setSaved(false);
    if ((await save.run(change)) !== undefined) {
      setSaved(true);
      await revalidator.revalidate();
    }
  };
  const limitNumber = Number(limit);
  return (
    <div className="d-flex flex-wrap align-items-end gap-2">
      <label className="small">
        <span className="visually-hidden">{t('staff.role')}</span>
        <select
          className="form-select form-select-sm"
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
          aria-label={`${t('staff.role')} ${member.email}`}
        >
          {STAFF_ROLES.map((option) => (
            <option key={option} value={option}>
              {t(`roles.${option}`)}
            </option>
          ))}
        </select>
      </label>
      {role === 'support' && (
        <label className="small">
          <span className="visually-hidden">{t('staff.refund_limit')}</span>
          <input
            className="form-control form-control-sm"
            style={{ width: '7rem' }}
            type="number"
            min={0}
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
            aria-label={`${t('staff.refund_limit')} ${member.email}`}
          />
        </label>
      )}
      {role !== 'owner' && (
        <>
          <GoodwillLimitField label={t('staff.goodwill_per_grant')} email={member.email} value={perGrant} onChange={setPerGrant} />
          <GoodwillLimitField label={t('staff.goodwill_per_30_days')} email={member.email} value={per30Days} onChange={setPer30Days} />
        </>
      )}
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={save.pending}
        onClick={() =>
          void submit({
            role,
            ...(role === 'support' && Number.isSafeInteger(limitNumber) && { refund_limit_credits: limitNumber }),
            ...(role !== 'owner' && { goodwill_per_grant: Number(perGrant), goodwill_per_30_days: Number(per30Days) }),
          })
        }
      >
        {t('staff.save')}
      </button>
      <StaffSitesEditor member={member} sites={sites} />
      <StaffAccountActions member={member} />
      {saved && !save.error && (
        <span className="small text-success" role="status">
          {t('staff.saved')}
        </span>
      )}
      {save.error && (
        <span className="small text-danger" role="alert">
          {save.error.message}
        </span>
      )}
    </div>
  );
}

/** One of the goodwill limits (issue 33): credits, 0 for none; the server refuses anything else with its reason. */
function GoodwillLimitField({ label, email, value, onChange }: { label: string; email: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="small">
      <span className="d-block text-body-secondary">{label}</span>
      <input
        className="form-control form-control-sm"
        style={{ width: '7rem' }}
        type="number"
        min={0}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={`${label} ${email}`}
      />
    </label>
  );
}

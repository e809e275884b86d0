import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import type { StaffMember } from '../../../contract/admin/staff';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { ActionDialog } from './members/ActionDialog';
import { StaffInvitationActions } from './StaffInvitationActions';

type Pending = 'disable' | 'reset_two_factor' | null;

/**
 * What an owner does to a staff account as a whole: disable it (or enable it again) and reset its
 * second factor; for an open invitation, send it again or withdraw it. Both ask first, saying what happens; enabling does not, as it takes nothing away.
 */
export function StaffAccountActions({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [asking, setAsking] = useState<Pending>(null);
  const action = useApiAction((kind: 'disable' | 'enable' | 'reset_two_factor') =>
    kind === 'reset_two_factor'
      ? api(`/api/admin/staff/${member.id}/two-factor-reset`, { method: 'POST', body: { version: member.version }, retries: 0 })
      : api(`/api/admin/staff/${member.id}`, {
          method: 'PATCH',
          body: { version: member.version, status: kind === 'disable' ? 'disabled' : 'active' },
          retries: 0,
        }),
  );
  const run = async (kind: 'disable' | 'enable' | 'reset_two_factor') => {
    if ((await action.run(kind)) === undefined) return;
    setAsking(null);
    await revalidator.revalidate();
  };
  if (member.status === 'invited') return <StaffInvitationActions member={member} />;
  const who = member.name || member.email;

  return (
    <>
      {member.status === 'active' ? (
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => (action.clearError(), setAsking('disable'))}>
          {t('staff.disable')}
        </button>
      ) : (
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={action.pending} onClick={() => void run('enable')}>
          {t('staff.enable')}
        </button>
      )}
      {member.two_factor && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => (action.clearError(), setAsking('reset_two_factor'))}>
          {t('staff.reset_two_factor')}
        </button>
      )}
      {!asking && action.error && (
        <span className="small text-danger" role="alert">
          {action.error.message}
        </span>
      )}
      <ActionDialog
        show={asking !== null}
        title={asking ? t(`staff.confirm.${asking}.title`, { who }) : ''}
        body={asking ? t(`staff.confirm.${asking}.body`, { who, email: member.email }) : ''}
        confirmLabel={asking ? t(`staff.confirm.${asking}.confirm`) : ''}
        variant="danger"
        needsReason={false}
        pending={action.pending}
        error={action.error}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void run(asking)}
      />
    </>
  );
}

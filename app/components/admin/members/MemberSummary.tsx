import { useTranslation } from '../../../lib/use-translation';
import type { MemberDetail } from '../../../../contract/admin/members';
import { MemberField } from './MemberDetailLayout';
import { when } from './member-page';

/** The account at a glance: address, site, credits, language and the dates that matter to support. */
export function MemberSummary({ member }: { member: MemberDetail['member'] }) {
  const { t } = useTranslation();
  return (
    <section className="col-12 col-lg-7" aria-labelledby="member-summary">
      <div className="card h-100">
        <div className="card-body">
          <h2 className="h5" id="member-summary">
            {t('member.summary')}
          </h2>
          <dl className="row mb-0 small">
            <MemberField label={t('member.email')}>
              <span className="text-break">{member.email}</span>
            </MemberField>
            <MemberField label={t('member.site')}>{member.site_name}</MemberField>
            <MemberField label={t('member.credits')}>
              <span data-testid="member-credits">{member.credits}</span>
            </MemberField>
            <MemberField label={t('member.language')}>{member.language}</MemberField>
            <MemberField label={t('member.signed_up')}>{when(member.created_at)}</MemberField>
            <MemberField label={t('member.last_active')}>{when(member.last_active_at)}</MemberField>
            <MemberField label={t('member.paid_at')}>{when(member.paid_at)}</MemberField>
            <MemberField label={t('member.direct_debit')}>
              {member.direct_debit_blocked ? t('member.direct_debit_blocked') : t('member.direct_debit_allowed')}
            </MemberField>
            <MemberField label={t('member.invisible')}>{member.invisible ? t('member.yes') : t('member.no')}</MemberField>
          </dl>
        </div>
      </div>
    </section>
  );
}

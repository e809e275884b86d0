import { useTranslation } from '../../../lib/use-translation';
import type { MemberDetail } from '../../../../contract/admin/members';
import type { Permission } from '../../../../contract/admin/roles';
import type { MemberDialog } from './member-page';

/**
 * The buttons for what this staff member may do to this account now: only the actions their
 * role allows and the account's state makes sense of (no "lift ban" for a member not banned).
 * Moderators see the restrictions (hide, suspend, ban) and nothing about money or the account.
 */
export function MemberActions({
  detail,
  may,
  exportHref,
  onOpen,
}: {
  detail: MemberDetail;
  may: (permission: Permission) => boolean;
  exportHref: string;
  onOpen: (dialog: MemberDialog) => void;
}) {
  const { t } = useTranslation();
  const { member } = detail;
  const banned = member.status === 'banned';
  const deleted = member.status === 'deleted';
  const hidden = member.hidden_at !== null;
  const suspended = member.suspended_until !== null;
  const restrict = may('members.restrict');
  const buttons: { kind: MemberDialog['kind']; show: boolean; variant: string }[] = [
    { kind: 'hide', show: restrict && !hidden && !deleted, variant: 'outline-danger' },
    { kind: 'show', show: restrict && hidden, variant: 'outline-primary' },
    { kind: 'suspend', show: restrict && !suspended && !banned && !deleted, variant: 'outline-danger' },
    { kind: 'lift_suspension', show: restrict && suspended, variant: 'outline-primary' },
    { kind: 'ban', show: restrict && !banned, variant: 'danger' },
    { kind: 'lift_ban', show: restrict && banned, variant: 'outline-primary' },
    { kind: 'confirm_email', show: may('members.write') && member.status === 'not_confirmed', variant: 'outline-primary' },
    { kind: 'block_direct_debit', show: may('members.write') && !member.direct_debit_blocked && !deleted, variant: 'outline-danger' },
    { kind: 'unblock_direct_debit', show: may('members.write') && member.direct_debit_blocked, variant: 'outline-primary' },
    { kind: 'goodwill', show: may('credits.goodwill') && !deleted, variant: 'outline-primary' },
    { kind: 'credits', show: may('credits.correct'), variant: 'outline-primary' },
    { kind: 'sign_out', show: may('members.write') && detail.sessions.length > 0, variant: 'outline-secondary' },
    { kind: 'delete', show: may('members.write') && !deleted, variant: 'outline-danger' },
  ];

  return (
    <section className="col-12 col-lg-5" aria-labelledby="member-actions">
      <div className="card h-100">
        <div className="card-body">
          <h2 className="h5" id="member-actions">
            {t('member.actions')}
          </h2>
          <div className="d-flex flex-wrap gap-2">
            {buttons
              .filter((button) => button.show)
              .map((button) => (
                <button
                  key={button.kind}
                  type="button"
                  className={`btn btn-sm btn-${button.variant}`}
                  onClick={() => onOpen({ kind: button.kind } as MemberDialog)}
                >
                  {t(`member.act.${button.kind}.button`)}
                </button>
              ))}
            {may('members.write') && (
              <a className="btn btn-sm btn-outline-secondary" href={exportHref} download>
                {t('member.act.export.button')}
              </a>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

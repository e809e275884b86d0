import { useTranslation } from '../../../lib/use-translation';
import type { MemberStatus } from '../../../../contract/admin/members';

/** A member's state as a coloured word: a ban shows over the account's own status. */
export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  const { t } = useTranslation();
  const tone = { active: 'success', not_confirmed: 'warning', deleted: 'secondary', banned: 'danger' }[status];
  return <span className={`badge text-bg-${tone}`}>{t(`members.statuses.${status}`)}</span>;
}

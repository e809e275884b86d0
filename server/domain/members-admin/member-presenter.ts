import type { MemberListItem, MemberStatus } from '../../../contract/admin/members';
import type { MemberListRow } from '../../db/repositories/member-admin.repository';
import type { UserRow } from '../../db/schema/index';

/** A ban overrides what the account's own status says. */
export const memberStatusOf = (user: Pick<UserRow, 'status' | 'bannedAt'>): MemberStatus => (user.bannedAt ? 'banned' : user.status);

export function presentMemberListItem(row: MemberListRow): MemberListItem {
  return {
    id: row.id,
    site_id: row.siteId,
    site_name: row.siteName,
    email: row.email,
    name: row.name,
    status: memberStatusOf(row),
    credits: row.credits,
    paid_user: row.paidUser,
    fictional: row.isFictional,
    created_at: row.createdAt.toISOString(),
    last_active_at: row.lastActiveAt.toISOString(),
  };
}

/** The fields of an account the audit log compares before and after a console action (never the password hash). */
export const auditableMember = (user: UserRow) => ({
  status: user.status,
  banned: user.bannedAt !== null,
  ban_reason: user.banReason,
  credits: user.credits,
  direct_debit_blocked: user.directDebitBlocked,
  hidden: user.hiddenAt !== null,
  hide_reason: user.hideReason,
  suspended_until: user.suspendedUntil?.toISOString() ?? null,
  suspension_reason: user.suspensionReason,
});

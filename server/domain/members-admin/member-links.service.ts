import { MAX_LINKED_ACCOUNTS, SHARED_TRAITS, type LinkedAccounts } from '../../../contract/admin/member-links';
import type { Executor } from '../../db/client';
import { findLinkedAccounts } from '../../db/repositories/linked-accounts.repository';
import { createMemberAdminRepository } from '../../db/repositories/member-admin.repository';
import { AppError } from '../shared/app-error';
import { assertSiteAllowed, type SiteScope } from '../staff/site-scope';

/**
 * Other accounts that share a sign-up or log-in IP, a device cookie, an IBAN or a mobile number
 * with a member (issue 32): often the same person under another name, back after a ban. A read
 * only; what is shared is named, never shown (the IP and device are kept only as hashes).
 */
export function createMemberLinks(deps: { db: Executor }) {
  const { db } = deps;
  return {
    /** Linked accounts on the staff member's own sites only: another site's members are not shown (ADR 0060). */
    async linkedAccounts(memberId: number, scope: SiteScope): Promise<LinkedAccounts> {
      const member = await createMemberAdminRepository(db).findMember(memberId);
      if (!member) throw new AppError('not_found');
      assertSiteAllowed(scope, member.user.siteId);
      const rows = await findLinkedAccounts(db, memberId, MAX_LINKED_ACCOUNTS + 1, scope);
      return {
        items: rows.slice(0, MAX_LINKED_ACCOUNTS).map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          site_name: row.siteName,
          banned: row.banned,
          // In one order on every row, as the page names them.
          shared: SHARED_TRAITS.filter((trait) => row.shared.includes(trait)),
        })),
        has_more: rows.length > MAX_LINKED_ACCOUNTS,
      };
    },
  };
}

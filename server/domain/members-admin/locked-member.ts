import type { Executor } from '../../db/client';
import { createMemberAdminRepository, type MemberAdminRepository } from '../../db/repositories/member-admin.repository';
import type { UserRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import { assertSiteAllowed, type SiteScope } from '../staff/site-scope';

/**
 * Runs `change` on the locked member inside one transaction with its audit row: two staff
 * acting on one member take turns, and nothing changes unrecorded. A member of a site outside
 * the staff member's `scope` is not found (ADR 0060), checked on the locked row.
 */
export function actOnLockedMember<T>(
  db: Executor,
  scope: SiteScope,
  memberId: number,
  change: (tx: Executor, members: MemberAdminRepository, before: UserRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const members = createMemberAdminRepository(tx);
    const before = await members.lock(memberId);
    if (!before) throw new AppError('not_found');
    assertSiteAllowed(scope, before.siteId);
    return change(tx, members, before);
  });
}

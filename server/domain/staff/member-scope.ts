import type { Executor } from '../../db/client';
import { findMemberSiteId, findPhotoSiteId } from '../../db/repositories/member-sites.repository';
import { assertSiteAllowed, type SiteScope } from './site-scope';

/**
 * A member belongs to the site they signed up on (ADR 0060): staff limited to other sites find
 * no such member. Members never move between sites, so the check holds for the transaction it runs in.
 */
export async function assertMemberInScope(db: Executor, scope: SiteScope, memberId: number): Promise<void> {
  if (scope === null) return;
  assertSiteAllowed(scope, await findMemberSiteId(db, memberId));
}

/** A photo belongs to its member's site: the same rule as the member. */
export async function assertPhotoInScope(db: Executor, scope: SiteScope, photoId: number): Promise<void> {
  if (scope === null) return;
  assertSiteAllowed(scope, await findPhotoSiteId(db, photoId));
}

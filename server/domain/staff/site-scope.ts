import type { StaffRole } from '../../../contract/admin/roles';
import type { SiteIdFilter } from '../../db/repositories/site-scope-filter';
import type { StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';

/**
 * The sites a staff member may see and act on (issue 32, ADR 0060): null for every site, else the
 * allowed site ids. Every console service takes it from the route (`siteScopeOf` in
 * `http/admin/staff-auth.ts`) and narrows its reads and guards its writes with it; an item of
 * another site is answered as not found.
 */
export type SiteScope = SiteIdFilter;

/** Every site: owners, unlimited staff, the command line. */
export const EVERY_SITE: SiteScope = null;

/** What a staff account's row allows: owners are never limited, and no chosen site means every site. */
export function siteScopeOfStaff(staff: { role: StaffRole; siteIds: readonly number[] }): SiteScope {
  if (staff.role === 'owner' || staff.siteIds.length === 0) return EVERY_SITE;
  return [...staff.siteIds];
}

/** Whether a staff account may see a site's items: owners and unlimited staff see every site. */
export function staffSeesSite(staff: { role: StaffRole; siteIds: readonly number[] }, siteId: number): boolean {
  return isSiteAllowed(siteScopeOfStaff(staff), siteId);
}

/** The scope a write runs in: the actor's (absent for the command line, which reaches every site). */
export function scopeOfActor(actor: StaffActor): SiteScope {
  return actor.sites ?? EVERY_SITE;
}

export function isSiteAllowed(scope: SiteScope, siteId: number): boolean {
  return scope === null || scope.includes(siteId);
}

/** Refuses an item of a site outside the scope as if it did not exist, so its existence is not told either. */
export function assertSiteAllowed(scope: SiteScope, siteId: number | null | undefined): void {
  if (scope === null) return;
  if (siteId === null || siteId === undefined || !scope.includes(siteId)) throw new AppError('not_found');
}

/**
 * Refuses what reaches every site (creating a site; changing a partner card or discount code
 * that is for all sites) to staff limited to some: they may read such an item, but a change
 * would reach sites outside their scope. Not a 404: the item is one they can see.
 */
export function assertEverySiteAllowed(scope: SiteScope): void {
  if (scope !== null) throw new AppError('staff_sites_limited');
}

/**
 * Guards a change to an item of one site or, with `siteId` null, of every site: another site's
 * item is not found, an every-site item is refused to limited staff.
 */
export function assertSiteWritable(scope: SiteScope, siteId: number | null): void {
  if (siteId === null) assertEverySiteAllowed(scope);
  else assertSiteAllowed(scope, siteId);
}

/**
 * The sites a list covers when staff also filter by one site: that site if allowed (else none),
 * or the whole scope.
 */
export function narrowScope(scope: SiteScope, siteId: number | null | undefined): SiteScope {
  if (siteId === null || siteId === undefined) return scope;
  return isSiteAllowed(scope, siteId) ? [siteId] : [];
}

/** Keeps the allowed ones of a list of sites (the console's site pickers). */
export function allowedSites<T extends { id: number }>(scope: SiteScope, sites: readonly T[]): T[] {
  return scope === null ? [...sites] : sites.filter((site) => scope.includes(site.id));
}

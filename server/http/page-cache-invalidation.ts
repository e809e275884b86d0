import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PageChangeBus } from '../realtime/page-change-bus';
import type { SiteChangeBus } from '../realtime/site-change-bus';
import { createPageCache, type PageCache } from './page-cache';
import type { PageCacheSettings } from './page-cache-reply';
import { SESSION_COOKIE } from './auth';
import { isMemberCacheablePageRequest } from './member-page-cache-policy';

/**
 * Calls that change what visitors see of a member — profile text and details, photos,
 * visibility, an account's end — and every console write (moderation, fictional profiles,
 * bans, sites, texts: rare, and many of them change profiles). After one succeeds, every
 * instance drops all its kept pages: a profile shows on the search, the landers and profile
 * pages of every site of its niche, so a per-page index would cost more than it saves (ADR 0038).
 */
export const SHOWN_PAGE_WRITES = new Set([
  'PUT /api/profile.php',
  'PUT /api/account.php',
  'DELETE /api/account.php',
  'POST /api/photos.php',
  'PUT /api/photos.php',
  'DELETE /api/photos.php',
]);

const CONSOLE_PREFIX = '/api/admin/';

/** Whether a successful call to this route changes pages visitors are shown. */
export function changesShownPages(method: string, routeUrl: string): boolean {
  return routeUrl.startsWith(CONSOLE_PREFIX) ? method !== 'GET' && method !== 'HEAD' : SHOWN_PAGE_WRITES.has(`${method} ${routeUrl}`);
}

export interface PageCacheInvalidationOptions {
  /** The visitors' page cache (ADR 0038), when it is on. */
  cache?: PageCache;
  /** The members' tab cache (ADR 0048), when it is on. */
  memberCache?: PageCache;
  siteChanges: SiteChangeBus;
  pageChanges: PageChangeBus;
  onError: (error: unknown) => void;
}

/** The catch-all route that renders pages (server/http/ssr.ts). */
const PAGE_ROUTE = '/*';

/**
 * Whether a member's request may change what their tabs show: any call that is not a read, and
 * any page outside the tabs (a page's loader may write: confirming an address, opening a
 * conversation). API reads and the tabs themselves change nothing.
 */
export function mayChangeMemberPages(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  return request.routeOptions.url === PAGE_ROUTE && !isMemberCacheablePageRequest(request);
}

/**
 * Keeps the page caches honest on every instance: an operator's site change drops that site's
 * pages (the site change bus, ADR 0024), a shown profile's change drops them all (the page
 * change bus), and a member's own change drops their kept tabs (ADR 0048). Registered before
 * the route plugins so its hooks see all of them.
 */
export const pageCacheInvalidationPlugin = fp(
  async function pageCacheInvalidation(app: FastifyInstance, options: PageCacheInvalidationOptions) {
    const caches = [options.cache, options.memberCache].filter((cache): cache is PageCache => !!cache);
    const { memberCache } = options;
    const unsubscribeSites = options.siteChanges.subscribe((siteId) => caches.forEach((cache) => cache.invalidateSite(siteId)));
    const unsubscribePages = options.pageChanges.subscribe((change) => {
      if ('allSites' in change) caches.forEach((cache) => cache.invalidateAll());
      else if ('siteId' in change) caches.forEach((cache) => cache.invalidateSite(change.siteId));
      // A member's own pages are never among the visitors' pages.
      else memberCache?.invalidateMember(change.memberId);
    });
    app.addHook('onClose', async () => {
      unsubscribeSites();
      unsubscribePages();
    });
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode >= 400 || !request.routeOptions.url) return;
      if (!changesShownPages(request.method, request.routeOptions.url)) return;
      await options.pageChanges.publish({ allSites: true }).catch(options.onError);
    });
    if (!memberCache) return;
    // Before the answer leaves, so that the member's next request, here or on another
    // instance, finds nothing kept from before the change. Refused calls count too: cheaper
    // than knowing which of them wrote nothing.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!request.cookies[SESSION_COOKIE] || !mayChangeMemberPages(request)) return payload;
      const memberId = await request.findMemberId().catch(() => null);
      if (memberId) {
        memberCache.invalidateMember(memberId);
        await options.pageChanges.publish({ memberId }).catch(options.onError);
      }
      return payload;
    });
  },
  { name: 'page-cache-invalidation' },
);

/**
 * The deployment's page cache, or null when it is off (PAGE_CACHE_SECONDS=0, the default
 * outside production) or pages are not rendered from a production build (development
 * re-imports the code on every request; a kept page would hide a change).
 */
export function pageCacheSettingsFor(
  config: { pageCache: { freshSeconds: number; staleSeconds: number; maxBytes: number }; geoipHeader: string },
  clock: { now(): Date },
  mode: 'production' | 'development' | undefined,
): PageCacheSettings | null {
  const { freshSeconds, staleSeconds, maxBytes } = config.pageCache;
  if (mode !== 'production' || freshSeconds === 0) return null;
  const cache = createPageCache({
    freshMs: freshSeconds * 1000,
    staleMs: staleSeconds * 1000,
    maxBytes,
    now: () => clock.now().getTime(),
    onError: (error) => console.error('page cache: a background render failed', error),
  });
  return { cache, freshSeconds, staleSeconds, geoipHeader: config.geoipHeader };
}

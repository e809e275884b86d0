import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { PageChangeBus } from '../realtime/page-change-bus';
import type { SiteChangeBus } from '../realtime/site-change-bus';
import { createPageCache, type PageCache } from './page-cache';
import type { PageCacheSettings } from './page-cache-reply';
import { SESSION_COOKIE } from './auth';
import { isMemberCacheablePageRequest } from './member-page-cache-policy';
import { PAGE_ROUTE } from './request-context';
import { hookRoutes, methodsOf } from './route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on a member's call that changes what visitors see of them — profile text and details,
     * photos, visibility, an account's end or return. After one succeeds, every instance drops
     * all its kept pages: a profile shows on the search, the landers and profile pages of every
     * site of its niche, so a per-page index would cost more than it saves (ADR 0038). Declared
     * on the route, beside the call that changes the data.
     */
    changesShownPages?: true;
    /**
     * Set on a read that writes what the member's own tabs show (the automatic like): their kept
     * tabs drop after it, as after any call that is not a read (ADR 0048).
     */
    changesMemberPages?: true;
  }
}

/** Every console write (moderation, fictional profiles, bans, sites, texts: rare, and many of them change profiles). */
const CONSOLE_PREFIX = '/api/admin/';

/** Whether a successful call to this route changes pages visitors are shown. */
export function changesShownPages(method: string, route: { url?: string; config?: { changesShownPages?: true } }): boolean {
  if (route.url?.startsWith(CONSOLE_PREFIX)) return method !== 'GET' && method !== 'HEAD';
  return route.config?.changesShownPages === true;
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

/**
 * Whether a member's request may change what their tabs show: any call that is not a read, a
 * read that declares it writes (`changesMemberPages`), and any page outside the tabs (a page's
 * loader may write: confirming an address, opening a conversation). Other API reads and the
 * tabs themselves change nothing.
 */
export function mayChangeMemberPages(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  if (request.routeOptions.config?.changesMemberPages) return true;
  return request.routeOptions.url === PAGE_ROUTE && !isMemberCacheablePageRequest(request);
}

/** Whether any request to a route, as registered, may change a member's tabs (`mayChangeMemberPages`). */
function mayChangeMemberPagesOn(route: RouteOptions): boolean {
  if (methodsOf(route).some((method) => method !== 'GET' && method !== 'HEAD')) return true;
  return route.config?.changesMemberPages === true || route.url === PAGE_ROUTE;
}

/**
 * Keeps the page caches honest on every instance: an operator's site change drops that site's
 * pages (the site change bus, ADR 0024), a shown profile's change drops them all (the page
 * change bus), and a member's own change drops their kept tabs (ADR 0048). Registered before
 * the route plugins so its hooks see all of them. With both caches off it still announces the
 * changes to what visitors are shown: the visitors' faces are kept apart from any page (ADR 0086).
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
    // Only on the routes whose success changes what visitors are shown, judged as each is registered.
    hookRoutes(app, 'onResponse', (route) => {
      if (!methodsOf(route).some((method) => changesShownPages(method, route))) return null;
      return function announceShownPagesChanged(request, reply, done) {
        if (reply.statusCode >= 400 || !changesShownPages(request.method, route)) return done();
        void options.pageChanges
          .publish({ allSites: true })
          .catch(options.onError)
          .then(() => done());
      };
    });
    if (!memberCache) return;
    // Before the answer leaves, so that the member's next request, here or on another
    // instance, finds nothing kept from before the change. Refused calls count too: cheaper
    // than knowing which of them wrote nothing.
    const dropMemberPages = async (request: FastifyRequest) => {
      const memberId = await request.findMemberId().catch(() => null);
      if (!memberId) return;
      memberCache.invalidateMember(memberId);
      await options.pageChanges.publish({ memberId }).catch(options.onError);
    };
    // Callback style, with the payload an onSend hook passes on; only on the routes that may change
    // a member's tabs at all.
    hookRoutes(app, 'onSend', (route) =>
      mayChangeMemberPagesOn(route)
        ? function dropChangedMemberPages(request, _reply, payload, done) {
            if (!request.cookies[SESSION_COOKIE] || !mayChangeMemberPages(request)) return done(null, payload);
            void dropMemberPages(request).then(() => done(null, payload));
          }
        : null,
    );
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

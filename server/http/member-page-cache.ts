import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnalyticsIds } from '../../contract/analytics';
import { createPageCache, type PageCache } from './page-cache';
import { MEMBER_CACHE_CONTROL, MEMBER_VARY, memberPageCacheKey, memberSessionKey } from './member-page-cache-policy';
import { replyFromCache, sendKeptPage, type KeptPagePolicy } from './page-cache-reply';

export interface MemberPageCacheSettings {
  cache: PageCache;
  /** Sessions found live, by the key's session part, until when a hit may trust that (see `liveMemberOf`). */
  liveSessions: Map<string, { memberId: number; until: number }>;
  now: () => number;
}

/**
 * How long a session found live serves kept tabs without being looked up again. Asking the
 * database on every hit made the kept tabs 10–50 times slower on PGlite (`npm run bench --
 * pages`: member `.data` 0.32–0.58 of bare without the check, 0.011–0.028 with it); once a
 * second per session costs nothing measurable. An ended session drops its member's kept tabs
 * at once through the page change bus; this bounds what an expiry or a lost change can serve.
 */
export const LIVE_SESSION_MS = 1_000;
/** A bound on the remembered sessions: past it the oldest go (each is looked up again). */
const MAX_LIVE_SESSIONS = 50_000;

/** The member of a live session, looked up at most once a second per session (per request otherwise). */
async function liveMemberOf(request: FastifyRequest, settings: MemberPageCacheSettings, session: string, lookUp: boolean): Promise<number | null> {
  const known = settings.liveSessions.get(session);
  if (!lookUp && known && known.until > settings.now()) return known.memberId;
  const memberId = await request.findMemberId();
  settings.liveSessions.delete(session);
  if (!memberId) return null;
  if (settings.liveSessions.size >= MAX_LIVE_SESSIONS) settings.liveSessions.delete(settings.liveSessions.keys().next().value!);
  settings.liveSessions.set(session, { memberId, until: settings.now() + LIVE_SESSION_MS });
  return memberId;
}

/**
 * Answers a member's tab (see `isMemberCacheablePageRequest`) from what was kept for their
 * session, or renders it (no nonce, whole document) and keeps it. The page was rendered for
 * this very cookie, and everything that could change it drops it (ADR 0048); a hit still asks
 * whether the session is live (at most once a second per session, `LIVE_SESSION_MS`), since a
 * session that expired, or ended on an instance whose change was lost, drops nothing. True
 * once the answer is under way; false when the cookie is no session: the caller renders as
 * usual (the page sends a visitor to the log-in).
 */
export async function replyFromMemberPageCache(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: MemberPageCacheSettings,
  analytics: AnalyticsIds,
  showsOutbox: boolean,
  render: () => Promise<Response>,
): Promise<boolean> {
  const session = memberSessionKey(request);
  const key = memberPageCacheKey(request, showsOutbox, session);
  const headers = { cacheControl: MEMBER_CACHE_CONTROL, vary: MEMBER_VARY };
  // A render looks the session up anyway (the lookup is kept for the request); only a hit may trust a recent one.
  const memberId = await liveMemberOf(request, settings, session, !settings.cache.peek(key));
  if (!memberId) return false;
  // Looked at after the lookup: a change that arrived meanwhile has dropped it already.
  const kept = settings.cache.peek(key);
  if (kept) {
    sendKeptPage(request, reply, kept, 'hit', headers);
    return true;
  }
  const policy: KeptPagePolicy = { key, scope: { siteId: request.site.id, memberId }, ...headers };
  // A Fastify reply is thenable: what this resolves to is no answer to pass on, hence the boolean.
  await replyFromCache(request, reply, settings.cache, policy, analytics, render);
  return true;
}

/**
 * The deployment's member page cache, or null when it is off (MEMBER_PAGE_CACHE_SECONDS=0, the
 * default outside production) or pages are not rendered from a production build.
 */
export function memberPageCacheSettingsFor(
  config: { memberPageCache: { freshSeconds: number; maxBytes: number } },
  clock: { now(): Date },
  mode: 'production' | 'development' | undefined,
): MemberPageCacheSettings | null {
  const { freshSeconds, maxBytes } = config.memberPageCache;
  if (mode !== 'production' || freshSeconds === 0) return null;
  const cache = createPageCache({
    freshMs: freshSeconds * 1000,
    // A member's page past its time is rendered again before it is answered: never served stale.
    staleMs: 0,
    maxBytes,
    now: () => clock.now().getTime(),
    onError: (error) => console.error('member page cache: a render failed', error),
    compression: { brotliQuality: 5, gzipLevel: 6 },
  });
  return { cache, liveSessions: new Map(), now: () => clock.now().getTime() };
}

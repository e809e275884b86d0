import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnalyticsIds } from '../../contract/analytics';
import { createPageCache, type PageCache } from './page-cache';
import { MEMBER_CACHE_CONTROL, MEMBER_VARY, memberPageCacheKey } from './member-page-cache-policy';
import { replyFromCache, sendKeptPage, type KeptPagePolicy } from './page-cache-reply';

export interface MemberPageCacheSettings {
  cache: PageCache;
}

/**
 * Answers a member's tab (see `isMemberCacheablePageRequest`) from what was kept for their
 * session, or renders it (no nonce, whole document) and keeps it. A hit asks nothing of the
 * database: the page was rendered for this very cookie, and everything that could change it
 * drops it (ADR 0048). True once the answer is under way; false when the cookie is no
 * session: the caller renders as usual (the page sends a visitor to the log-in).
 */
export async function replyFromMemberPageCache(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: MemberPageCacheSettings,
  analytics: AnalyticsIds,
  showsOutbox: boolean,
  render: () => Promise<Response>,
): Promise<boolean> {
  const key = memberPageCacheKey(request, showsOutbox);
  const headers = { cacheControl: MEMBER_CACHE_CONTROL, vary: MEMBER_VARY };
  const kept = settings.cache.peek(key);
  if (kept) {
    sendKeptPage(request, reply, kept, 'hit', headers);
    return true;
  }
  const memberId = await request.findMemberId();
  if (!memberId) return false;
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
  return { cache };
}

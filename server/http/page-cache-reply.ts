import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnalyticsIds } from '../../contract/analytics';
import { chooseEncoding, type CachedPage, type CacheScope, type CacheState, type PageCache } from './page-cache';
import { cacheableCacheControl, cacheableVary, inlineSourceHashes, pageCacheKey } from './page-cache-policy';
import { buildHashedContentSecurityPolicy } from './security-headers';

export interface PageCacheSettings {
  cache: PageCache;
  freshSeconds: number;
  staleSeconds: number;
  geoipHeader: string;
}

/** A rendered response read to its end: what a kept page is made of, or what is sent as it is. */
interface BufferedResponse {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

/** How one cache's pages are keyed, owned and announced to the browser (and any CDN in front). */
export interface KeptPagePolicy {
  key: string;
  scope: CacheScope;
  cacheControl: string;
  vary: string;
}

/**
 * Answers a cacheable visitor's request (see `isCacheablePageRequest`) from the anonymous page
 * cache, rendering it with `render` (no nonce, whole document) when it is missing. What is not
 * worth sharing — not 200, a cookie set, a route's own private caching — goes to this visitor
 * only, never into the cache.
 */
export async function replyFromPageCache(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: PageCacheSettings,
  analytics: AnalyticsIds,
  render: () => Promise<Response>,
) {
  const policy: KeptPagePolicy = {
    key: pageCacheKey(request),
    scope: { siteId: request.site.id },
    cacheControl: cacheableCacheControl(settings.freshSeconds, settings.staleSeconds),
    vary: cacheableVary(settings.geoipHeader),
  };
  if (request.method === 'HEAD') {
    const kept = settings.cache.peek(policy.key);
    return kept ? sendKeptPage(request, reply, kept, 'hit', policy) : sendBuffered(reply, await bufferResponse(await render()), analytics);
  }
  return replyFromCache(request, reply, settings.cache, policy, analytics, render);
}

/**
 * Answers from `cache` under `policy`, rendering with `render` when the page is missing; a
 * render not worth keeping (see `isKeepable`) is sent to this request only.
 */
export async function replyFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  policy: KeptPagePolicy,
  analytics: AnalyticsIds,
  render: () => Promise<Response>,
) {
  let own: BufferedResponse | null = null;
  const { page, state } = await cache.get(policy.key, policy.scope, async () => {
    const rendered = await bufferResponse(await render());
    own = rendered;
    return isKeepable(rendered, reply) ? { body: rendered.body, headers: keptHeaders(rendered, analytics) } : null;
  });
  if (page) return sendKeptPage(request, reply, page, state, policy);
  // This request's render was not worth keeping; one that waited on another's renders its own.
  return sendBuffered(reply, own ?? (await bufferResponse(await render())), analytics);
}

async function bufferResponse(response: Response): Promise<BufferedResponse> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers[name] = value;
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
  return { status: response.status, headers, cookies: response.headers.getSetCookie(), body };
}

/**
 * A page (or a page's data, for a member's navigation) answered 200 without setting a cookie
 * and without the route asking not to be stored.
 */
function isKeepable(rendered: BufferedResponse, reply: FastifyReply): boolean {
  const type = rendered.headers['content-type'] ?? '';
  return (
    rendered.status === 200 &&
    rendered.cookies.length === 0 &&
    reply.getHeader('set-cookie') === undefined &&
    (type.startsWith('text/html') || type.startsWith('text/x-script')) &&
    !/private|no-store/i.test(rendered.headers['cache-control'] ?? '')
  );
}

/** The rendered headers a kept page is sent with, a document's hash-based CSP among them. */
function keptHeaders(rendered: BufferedResponse, analytics: AnalyticsIds): Record<string, string> {
  const { 'cache-control': _routeCaching, 'content-length': _length, ...headers } = rendered.headers;
  if (!headers['content-type']?.startsWith('text/html')) return headers;
  return { ...headers, 'content-security-policy': buildHashedContentSecurityPolicy(inlineSourceHashes(rendered.body.toString('utf8')), analytics) };
}

export function sendKeptPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: CacheState,
  policy: Pick<KeptPagePolicy, 'cacheControl' | 'vary'>,
) {
  reply.headers(page.headers);
  reply.header('vary', policy.vary);
  reply.header('cache-control', policy.cacheControl);
  reply.header('etag', page.etag);
  reply.header('x-cache', state);
  if (matchesEtag(request.headers['if-none-match'], page.etag)) {
    reply.removeHeader('content-type');
    return reply.code(304).send();
  }
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return reply.code(200).send(body);
}

/** RFC 9110 §13.1.2: `If-None-Match` compares weakly, and `*` matches any current page. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

function sendBuffered(reply: FastifyReply, rendered: BufferedResponse, analytics: AnalyticsIds) {
  reply.status(rendered.status);
  const { 'content-length': _length, ...headers } = rendered.headers;
  reply.headers(headers);
  if (rendered.cookies.length) reply.header('set-cookie', rendered.cookies);
  if (headers['content-type']?.startsWith('text/html')) {
    reply.header('content-security-policy', buildHashedContentSecurityPolicy(inlineSourceHashes(rendered.body.toString('utf8')), analytics));
  }
  if (!headers['cache-control']) reply.header('cache-control', 'private, no-cache');
  reply.header('x-cache', 'miss');
  return reply.send(rendered.body);
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnalyticsIds } from '../../contract/analytics';
import { chooseEncoding, type CachedPage, type CacheState, type PageCache } from './page-cache';
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

/**
 * Answers a cacheable visitor's request (see `isCacheablePageRequest`) from the anonymous page
 * cache, rendering it with `render` (no nonce, whole document) when it is missing. What is not
 * worth sharing — not 200, a cookie set, a route's own private caching — goes to this visitor
 * only, never into the cache.
 */
export async function replyFromPageCache(request: FastifyRequest, reply: FastifyReply, settings: PageCacheSettings, analytics: AnalyticsIds, render: () => Promise<Response>) {
  const key = pageCacheKey(request);
  if (request.method === 'HEAD') {
    const kept = settings.cache.peek(key);
    return kept ? sendPage(request, reply, kept, 'hit', settings) : sendBuffered(reply, await bufferResponse(await render()), analytics);
  }
  let own: BufferedResponse | null = null;
  const { page, state } = await settings.cache.get(key, request.site.id, async () => {
    const rendered = await bufferResponse(await render());
    own = rendered;
    return isShareable(rendered, reply) ? { body: rendered.body, headers: sharedHeaders(rendered, analytics) } : null;
  });
  if (page) return sendPage(request, reply, page, state, settings);
  // This request's render was not worth sharing; one that waited on another's renders its own.
  return sendBuffered(reply, own ?? (await bufferResponse(await render())), analytics);
}

async function bufferResponse(response: Response): Promise<BufferedResponse> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers[name] = value;
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
  return { status: response.status, headers, cookies: response.headers.getSetCookie(), body };
}

function isShareable(rendered: BufferedResponse, reply: FastifyReply): boolean {
  return (
    rendered.status === 200 &&
    rendered.cookies.length === 0 &&
    reply.getHeader('set-cookie') === undefined &&
    (rendered.headers['content-type'] ?? '').startsWith('text/html') &&
    !/private|no-store/i.test(rendered.headers['cache-control'] ?? '')
  );
}

/** The rendered headers a kept page is sent with, its hash-based CSP among them. */
function sharedHeaders(rendered: BufferedResponse, analytics: AnalyticsIds): Record<string, string> {
  const { 'cache-control': _routeCaching, 'content-length': _length, ...headers } = rendered.headers;
  return { ...headers, 'content-security-policy': buildHashedContentSecurityPolicy(inlineSourceHashes(rendered.body.toString('utf8')), analytics) };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: CacheState, settings: PageCacheSettings) {
  reply.headers(page.headers);
  reply.header('vary', cacheableVary(settings.geoipHeader));
  reply.header('cache-control', cacheableCacheControl(settings.freshSeconds, settings.staleSeconds));
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

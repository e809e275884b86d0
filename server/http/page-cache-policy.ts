import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import { CONSENT_COOKIE, parseConsent } from '../../contract/consent';
import { SESSION_COOKIE } from './auth';
import { STAFF_COOKIE } from './admin/staff-auth';

/**
 * Pages a visitor sees the same as every other visitor of the same site, language, country and
 * cookie choice (ADR 0038): the home page, the landers, the search and profiles as visitors see
 * them, the profile landings and the site's own pages (terms, privacy, imprint …). Anything
 * else — sign-up and log-in forms, member pages, the console, `.data` requests — is rendered
 * per request as before.
 */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/landers\/[a-z]+(\/[^/]+)?$/,
  /^\/members$/,
  /^\/members\/\d{1,10}$/,
  /^\/members\/\d{1,10}\/(landing|landing2|landing3)(\/[^/]+)?$/,
  /^\/pages\/[^/]+$/,
];

/** Longer addresses are rendered but not kept: a cache key is not a place for a whole request line. */
const MAX_CACHED_URL_LENGTH = 1024;

/** A request address without its query. */
export function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/** Whether this request may be answered from, and may fill, the anonymous page cache. */
export function isCacheablePageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // A member or an operator sees their own page; a visitor never gets theirs, nor they a visitor's.
  if (request.cookies[SESSION_COOKIE] !== undefined || request.cookies[STAFF_COOKIE] !== undefined) return false;
  if (request.url.length > MAX_CACHED_URL_LENGTH) return false;
  const path = pathOf(request.url);
  return CACHEABLE_PATHS.some((pattern) => pattern.test(path));
}

/**
 * Everything a cacheable page's HTML depends on besides the database: the address (host and
 * scheme too, in case a page writes one), the site, the language chosen from the cookie or
 * Accept-Language, the visitor's country (entry warning, prices), the cookie choice the banner
 * renders from, and the query with its parameters sorted. No parameter is dropped: the search
 * writes all of them into its data, and the landers write the tracking ones into sign-up links.
 */
export function pageCacheKey(request: FastifyRequest): string {
  const queryAt = request.url.indexOf('?');
  const path = pathOf(request.url);
  const params = queryAt === -1 ? [] : [...new URLSearchParams(request.url.slice(queryAt + 1))];
  params.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  // The whole cookie, not only its yes/no: the page data carries the choice's time, which is the visitor's own.
  const consentCookie = request.cookies[CONSENT_COOKIE];
  const consent = consentCookie && parseConsent(consentCookie) ? consentCookie : '-';
  return [request.protocol, request.host, request.site.id, request.language, request.visitorCountry ?? '-', consent, `${path}?${query}`].join('\n');
}

/** What a shared copy of a cacheable page varies by, for a CDN or proxy in front. */
export function cacheableVary(geoipHeader: string): string {
  return `Accept-Encoding, Accept-Language, Cookie, ${geoipHeader}`;
}

export function cacheableCacheControl(freshSeconds: number, staleSeconds: number): string {
  return `public, max-age=0, s-maxage=${freshSeconds}, stale-while-revalidate=${staleSeconds}`;
}

/**
 * The sources of a kept page's inline scripts and style elements, as CSP hashes. A kept page
 * is shared, so it carries no nonce (it would be the same for everyone, and a CDN in front
 * would repeat it anyway): its policy allows exactly its own inline code instead.
 */
export function inlineSourceHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\ssrc\s*=/i.test(match[1]!) && match[2]) scripts.add(sha256Source(match[2]));
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    if (match[1]) styles.add(sha256Source(match[1]));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

const sha256Source = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const preloadLinks = new WeakMap<ServerBuild, string>();

/**
 * `Link` preload headers for the page's stylesheet and the browser entry chunk, from the build
 * itself (the root route's links and the manifest's entry): the browser starts fetching them
 * while the HTML is still on its way (and a CDN may turn them into 103 Early Hints).
 */
export function preloadLinkHeader(build: ServerBuild): string {
  let header = preloadLinks.get(build);
  if (header === undefined) {
    const rootLinks = (build.routes.root?.module as { links?: () => Array<{ rel?: string; href?: string }> } | undefined)?.links?.() ?? [];
    const styles = rootLinks.filter((link) => link.rel === 'stylesheet' && link.href).map((link) => `<${link.href}>; rel=preload; as=style`);
    const entry = build.assets?.entry?.module;
    header = [...styles, ...(entry ? [`<${entry}>; rel=modulepreload`] : [])].join(', ');
    preloadLinks.set(build, header);
  }
  return header;
}

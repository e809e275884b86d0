import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CONSENT_COOKIE, parseConsent } from '../../contract/consent';
import { SESSION_COOKIE } from './auth';
import { STAFF_COOKIE } from './admin/staff-auth';

/**
 * The member's tabs (ADR 0048): the search, a profile, the conversation list and the likes,
 * as documents and as client navigations (`.data`). A member moves between them all the time
 * and each is rebuilt from several queries and a render; nothing else is kept for members.
 */
const MEMBER_CACHEABLE_PATH = /^\/(members|members\/\d{1,10}|chats|likes)(\.data)?$/;

/** Longer addresses are rendered but not kept, as in the anonymous cache. */
const MAX_CACHED_URL_LENGTH = 1024;

const pathOf = (url: string) => {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
};

/** Whether this is a signed-in member's GET of one of their tabs. */
export function isMemberCacheablePageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  if (!request.cookies[SESSION_COOKIE] || request.cookies[STAFF_COOKIE] !== undefined) return false;
  if (request.url.length > MAX_CACHED_URL_LENGTH) return false;
  return MEMBER_CACHEABLE_PATH.test(pathOf(request.url));
}

/**
 * Everything a member's tab depends on besides the database: the session it was rendered for
 * (by the hash of its token — the key never holds the token itself), the address, the site,
 * the language, the country, the cookie choice, whether the kept-mail link shows, and the query
 * with its parameters sorted (`_routes` among them, for `.data`). A kept page is only ever
 * answered to the cookie it was rendered for.
 */
export function memberPageCacheKey(request: FastifyRequest, showsOutbox: boolean): string {
  const queryAt = request.url.indexOf('?');
  const params = queryAt === -1 ? [] : [...new URLSearchParams(request.url.slice(queryAt + 1))];
  params.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const session = crypto.createHash('sha256').update(request.cookies[SESSION_COOKIE] ?? '').digest('base64url');
  const consentCookie = request.cookies[CONSENT_COOKIE];
  const consent = consentCookie && parseConsent(consentCookie) ? consentCookie : '-';
  const place = [request.protocol, request.host, request.site.id, request.language, request.visitorCountry ?? '-', consent, showsOutbox ? 'outbox' : '-'];
  return [session, ...place, `${pathOf(request.url)}?${new URLSearchParams(params).toString()}`].join('\n');
}

/**
 * A member's kept page is theirs alone: no shared cache may hold it, and their browser asks
 * again each time (a 304 when nothing changed).
 */
export const MEMBER_CACHE_CONTROL = 'private, no-cache';
export const MEMBER_VARY = 'Accept-Encoding, Cookie';

import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './auth';
import { STAFF_COOKIE } from './admin/staff-auth';
import { pageCacheKey, pathOf } from './page-cache-policy';

/**
 * The member's tabs (ADR 0048): the search, a profile, the conversation list and the likes,
 * as documents and as client navigations (`.data`). A member moves between them all the time
 * and each is rebuilt from several queries and a render; nothing else is kept for members.
 */
const MEMBER_CACHEABLE_PATH = /^\/(members|members\/\d{1,10}|chats|likes)(\.data)?$/;

/** Longer addresses are rendered but not kept, as in the anonymous cache. */
const MAX_CACHED_URL_LENGTH = 1024;

/** Whether this is a signed-in member's GET of one of their tabs. */
export function isMemberCacheablePageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  if (!request.cookies[SESSION_COOKIE] || request.cookies[STAFF_COOKIE] !== undefined) return false;
  if (request.url.length > MAX_CACHED_URL_LENGTH) return false;
  return MEMBER_CACHEABLE_PATH.test(pathOf(request.url));
}

/** The session a request names, by the hash of its cookie's token: never the token itself. */
export function memberSessionKey(request: FastifyRequest): string {
  return crypto
    .createHash('sha256')
    .update(request.cookies[SESSION_COOKIE] ?? '')
    .digest('base64url');
}

/**
 * Everything a member's tab depends on besides the database: the session it was rendered for
 * (by the hash of its token — the key never holds the token itself), the address, the site,
 * the language, the country, the cookie choice, whether the kept-mail link shows, and the query
 * with its parameters sorted (`_routes` among them, for `.data`). A kept page is only ever
 * answered to the cookie it was rendered for.
 */
export function memberPageCacheKey(request: FastifyRequest, showsOutbox: boolean, session = memberSessionKey(request)): string {
  // The visitors' key names the rest: address, site, language, country, cookie choice, sorted query.
  return [session, showsOutbox ? 'outbox' : '-', pageCacheKey(request)].join('\n');
}

/**
 * A member's kept page is theirs alone: no shared cache may hold it, and their browser asks
 * again each time (a 304 when nothing changed).
 */
export const MEMBER_CACHE_CONTROL = 'private, no-cache';
export const MEMBER_VARY = 'Accept-Encoding, Cookie';

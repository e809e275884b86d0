import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, type Language } from '../../contract/locales';
import { RESTORE_OFFER_MS } from '../domain/accounts/accounts.service';
import { SESSION_MAX_AGE_SECONDS, type SessionsService } from '../domain/accounts/sessions.service';
import { AppError } from '../domain/shared/app-error';
import { callbackHook, hookRoutes } from './route-hooks';

export const SESSION_COOKIE = 'rdv_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member's id, looked up once per request and only when asked for. */
    findMemberId(): Promise<number | null>;
  }
  interface FastifyContextConfig {
    /**
     * `'required'`: only a signed-in member may call the route. Checked on the route the router
     * matched, before its body is read; the handler still asks `requireMember` for the id.
     */
    member?: 'required';
  }
}

/** Resolves the session cookie to a member, lazily: most public calls never need it. */
export const authPlugin = fp(
  async function auth(app: FastifyInstance, options: { sessions: SessionsService }) {
    app.decorateRequest('findMemberId', function (this: FastifyRequest) {
      const cache = this as WithMemberLookup;
      cache.memberLookup ??= (async () => {
        const token = this.cookies[SESSION_COOKIE];
        return token ? options.sessions.findUserId(token) : null;
      })();
      return cache.memberLookup;
    });

    // On the member-only routes alone, judged by the route the router matched.
    const memberOnly = callbackHook(requireMember);
    hookRoutes(app, 'onRequest', (route) => (route.config?.member === 'required' ? memberOnly : null), { first: true });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

/** The request's one look-up of its session, shared by `findMemberId` and `findMemberAlong`. */
type WithMemberLookup = FastifyRequest & { memberLookup?: Promise<number | null> };

/**
 * The signed-in member with what the caller needs of them. When nothing has looked the session up
 * yet, `readWithSession` answers both in one statement (a page's member and account, issue 36),
 * and `findMemberId` answers from it afterwards; otherwise the id already found goes to `readById`.
 */
export async function findMemberAlong<T>(
  request: FastifyRequest,
  readWithSession: (token: string) => Promise<{ memberId: number; value: T } | null>,
  readById: (memberId: number) => Promise<T>,
): Promise<{ memberId: number; value: T } | null> {
  const lookup = request as WithMemberLookup;
  if (lookup.memberLookup) {
    const memberId = await lookup.memberLookup;
    return memberId ? { memberId, value: await readById(memberId) } : null;
  }
  const token = request.cookies[SESSION_COOKIE];
  const reading = token ? readWithSession(token) : Promise.resolve(null);
  lookup.memberLookup = reading.then((found) => found?.memberId ?? null);
  return reading;
}

/** The logged-in member's id, or the spec's 403 `authentication_required`. */
export async function requireMember(request: FastifyRequest): Promise<number> {
  const memberId = await request.findMemberId();
  if (!memberId) throw new AppError('authentication_required');
  return memberId;
}

/** HttpOnly, SameSite=Lax, Secure whenever the request came over HTTPS; 30 days (spec §9). */
export function setSessionCookie(reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto' });
}

/** The "restore my account" offer of a log-in to a deleted account: only the restore call receives it. */
export const RESTORE_COOKIE = 'rdv_restore';
export const RESTORE_PATH = '/api/account-restore.php';

export function setRestoreCookie(reply: FastifyReply, token: string) {
  reply.setCookie(RESTORE_COOKIE, token, { path: RESTORE_PATH, httpOnly: true, sameSite: 'strict', secure: 'auto', maxAge: RESTORE_OFFER_MS / 1000 });
}

export function clearRestoreCookie(reply: FastifyReply) {
  reply.clearCookie(RESTORE_COOKIE, { path: RESTORE_PATH, httpOnly: true, sameSite: 'strict', secure: 'auto' });
}

export function setLanguageCookie(reply: FastifyReply, language: Language) {
  reply.setCookie(LOCALE_COOKIE, language, { path: '/', sameSite: 'lax', maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS, secure: 'auto' });
}

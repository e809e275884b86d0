import type { FastifyReply } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LanguageInput, LoginInput, OkResponse, SignupInput, SignupValidation, UserResponse } from '../../../contract/accounts';
import { ErrorBody } from '../../../contract/errors';
import { isSupportedLanguage, LOCALE_COOKIE } from '../../../contract/locales';
import { PendingDeletionError, type AccountsService } from '../../domain/accounts/accounts.service';
import { AppError } from '../../domain/shared/app-error';
import type { SessionsService } from '../../domain/accounts/sessions.service';
import { clientOf } from '../client-identity';
import { clearSessionCookie, requireMember, SESSION_COOKIE, setLanguageCookie, setRestoreCookie, setSessionCookie } from '../auth';

/** A log-in to an account waiting out its deletion: this browser may restore it at once (restore.php). */
function rememberRestoreOffer(reply: FastifyReply) {
  return (error: unknown): never => {
    if (error instanceof PendingDeletionError) setRestoreCookie(reply, error.restoreToken);
    throw error;
  };
}

/** A `validate_only` check of a form step that does not name an e-mail address. */
function isStepCheckWithoutEmail(body: unknown): boolean {
  const input = body as { validate_only?: boolean; email?: string } | undefined;
  return input?.validate_only === true && !input.email;
}

/** Sign-ups (and checks that name an e-mail address) per address and hour (ADR 0019). */
const SIGNUP_ATTEMPTS_PER_HOUR = 30;
/** Calls of any kind per address and hour, counted before the body is read (ADR 0052). */
const SIGNUP_CALLS_PER_HOUR = 300;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Sign-up, log-in, the current member and log-out (spec §7 user.php, logout.php). */
export const sessionRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService; sessions: SessionsService }> = async (app, { accounts, sessions }) => {
  // Its own key: limiters made by createRateLimit share one key space in Redis.
  const signupAttempts = app.createRateLimit({
    max: SIGNUP_ATTEMPTS_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request) => `signup-attempt:${normalizeIP(request.ip)}`,
  });

  app.post(
    '/api/signup.php',
    {
      schema: { tags: ['accounts'], body: SignupInput, response: { 200: SignupValidation, 201: UserResponse, ...errors } },
      // Every call counts before its body is read (ADR 0052), generously: a form checks each step.
      config: { rateLimit: { max: SIGNUP_CALLS_PER_HOUR, timeWindow: '1 hour' } },
      // Then the sign-up budget, which needs the body: checking a form step is not a sign-up
      // attempt; a check that names an e-mail address is one (it answers whether the address has
      // an account here), so probing addresses costs what signing up does (ADR 0019); beyond
      // that, the domain rations those answers per client and per address (ADR 0051).
      preHandler: async (request, reply) => {
        if (isStepCheckWithoutEmail(request.body)) return;
        const attempt = await signupAttempts(request);
        if (attempt.isAllowed || !attempt.isExceeded) return;
        reply.header('retry-after', attempt.ttlInSeconds);
        throw new AppError('rate_limited');
      },
    },
    async (request, reply) => {
      if (request.body.validate_only) {
        // Rationed by the client's address only: a form check hands out no device cookie.
        await accounts.validateSignup(request.site, request.body, { ip: request.ip });
        return { valid: true as const };
      }
      const client = clientOf(request, reply);
      const { user, token } = await accounts.signup(request.site, request.body, { userAgent: request.headers['user-agent'] }, request.language, client);
      setSessionCookie(reply, token);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/api/user.php',
    {
      schema: { tags: ['accounts'], body: LoginInput, response: { 200: UserResponse, ...errors } },
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const previous = request.cookies[SESSION_COOKIE];
      const client = clientOf(request, reply);
      const { user, token } = await accounts
        .login(request.site, request.body.email, request.body.password, { userAgent: request.headers['user-agent'] }, client)
        .catch(rememberRestoreOffer(reply));
      // A new token at every log-in; the old one (if any) stops working.
      if (previous) await sessions.end(previous);
      setSessionCookie(reply, token);
      // A language chosen before logging in wins and is saved; otherwise the saved one applies.
      const chosen = request.cookies[LOCALE_COOKIE];
      if (isSupportedLanguage(chosen) && chosen !== user.language) {
        await accounts.setLanguage(user.id, chosen);
        return { user: { ...user, language: chosen } };
      }
      setLanguageCookie(reply, user.language);
      return { user };
    },
  );

  app.get(
    '/api/user.php',
    { schema: { tags: ['accounts'], response: { 200: UserResponse, 403: ErrorBody } }, config: { member: 'required' } },
    async (request) => {
      const memberId = await requireMember(request);
      return { user: await accounts.getUser(memberId, request.site) };
    },
  );

  app.put(
    '/api/user.php',
    { schema: { tags: ['accounts'], body: LanguageInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required' } },
    async (request, reply) => {
      const memberId = await requireMember(request);
      await accounts.setLanguage(memberId, request.body.language);
      setLanguageCookie(reply, request.body.language);
      return { ok: true as const };
    },
  );

  // A GET, as the spec calls it, but it changes state: a foreign page must not log members out.
  app.get(
    '/api/logout.php',
    { config: { sameOriginOnly: true }, schema: { tags: ['accounts'], response: { 200: OkResponse, 403: ErrorBody } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      // The session's open tabs lose their socket too, on every instance.
      if (token) await sessions.end(token);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );
};

import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const OUTBOX_PATH = '/dev/outbox';
const OUTBOX_COOKIE = 'rdv_outbox';

export interface OutboxAccessOptions {
  /** Whether the deployment keeps mail or SMS on this machine and offers the page at all. */
  enabled: boolean;
  /** Development shows the page to anyone who can reach the dev server. */
  open: boolean;
  /** The secret that opens it otherwise: printed at start, in the address `npm start` shows. */
  key: string;
}

/**
 * Who may read `/dev/outbox`. It holds every site's activation and password-reset links, so
 * outside development it opens only with the key printed at start: `?key=` once, which sets an
 * HttpOnly cookie for the page's path and redirects to the bare address, so the key stays out of
 * the history and of any Referer.
 */
export function createOutboxAccess(options: OutboxAccessOptions) {
  const expected = Buffer.from(options.key);
  const isKey = (given: unknown): given is string => {
    if (typeof given !== 'string') return false;
    const candidate = Buffer.from(given);
    return candidate.length === expected.length && crypto.timingSafeEqual(candidate, expected);
  };
  return {
    isKey,
    /** Whether this request may read the kept mails and text messages. */
    allows(request: FastifyRequest): boolean {
      return options.enabled && (options.open || isKey(request.cookies[OUTBOX_COOKIE]));
    },
    /** The page's address with its key, for the start-up message; null when there is no page. */
    keyedPath(): string | null {
      if (!options.enabled) return null;
      return options.open ? OUTBOX_PATH : `${OUTBOX_PATH}?key=${encodeURIComponent(options.key)}`;
    },
  };
}

export type OutboxAccess = ReturnType<typeof createOutboxAccess>;

/** Trades a valid `?key=` for the cookie; a wrong key changes nothing (the page then answers 404). */
export const outboxAccessPlugin = fp(
  async function outboxAccess(app: FastifyInstance, options: { access: OutboxAccess }) {
    // Callback style: every request passes here and almost none is for the outbox (issue 36).
    app.addHook('onRequest', (request, reply, done) => {
      // Only the page's own spelling trades a key; any other simply gets no cookie.
      if (request.method !== 'GET' || !isOutboxPage(request.url)) return done();
      const key = (request.query as Record<string, unknown>).key;
      if (typeof key !== 'string' || !options.access.isKey(key)) return done();
      reply.setCookie(OUTBOX_COOKIE, key, { path: OUTBOX_PATH, httpOnly: true, sameSite: 'strict', secure: 'auto' });
      reply.redirect(OUTBOX_PATH);
    });
  },
  { name: 'outbox-access', dependencies: ['@fastify/cookie'] },
);

/** Whether a request's URL is the outbox page's own, with or without a query; read without allocating. */
function isOutboxPage(url: string): boolean {
  return url.startsWith(OUTBOX_PATH) && (url.length === OUTBOX_PATH.length || url[OUTBOX_PATH.length] === '?');
}

/** The deployment's outbox access: offered by configuration, open in development, else keyed. */
export function outboxAccessFor(config: { outboxPage: boolean; isDev: boolean }, key: string): OutboxAccess {
  return createOutboxAccess({ enabled: config.outboxPage, open: config.isDev, key });
}

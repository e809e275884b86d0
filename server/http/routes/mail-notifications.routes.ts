import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors';
import { MailEventsResponse, PipedBounceResponse, UnsubscribeResponse } from '../../../contract/mail-events';
import { text } from '../../../contract/inputs';
import type { Services } from '../../services';

const tags = ['notifications'];
const TokenQuery = z.object({ token: text().max(200).default('') });

/**
 * One-click unsubscribe (RFC 8058). A mailbox provider POSTs `List-Unsubscribe=One-Click`
 * (urlencoded or multipart) to the URL of the mail's `List-Unsubscribe` header; the `/unsubscribe` page's
 * button POSTs the same. The signed token in the URL is the authority, so this one route skips
 * the same-origin check (providers post from their own servers). A GET — a scanner prefetching
 * the link, or a client without one-click — changes nothing and lands on the page.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<Pick<Services, 'unsubscribe'>> = async (app, { unsubscribe }) => {
  // Scoped to this plugin: the rest of the API keeps taking JSON only. Mailbox providers post
  // `List-Unsubscribe=One-Click` urlencoded, as multipart/form-data (RFC 8058's own example), or
  // with no body at all; the token in the URL is the whole authority, so the body is read (within
  // a small limit) and not looked at.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));

  app.post(
    '/api/unsubscribe.php',
    {
      schema: { tags, querystring: TokenQuery, response: { 200: UnsubscribeResponse, 400: ErrorBody } },
      // No per-address rate limit: mailbox providers send every member's one-click from a few
      // addresses of their own, and a 256-bit signature is not worth guessing.
      config: { csrfExempt: 'signed-url-token' },
    },
    async (request) => ({ ok: true as const, kind: (await unsubscribe.unsubscribe(request.query.token)).kind }),
  );

  app.get('/api/unsubscribe.php', { schema: { tags, querystring: TokenQuery } }, async (request, reply) =>
    reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`),
  );
};

/**
 * The mail provider's bounces and complaints (docs/mail-events.md). The body is read as raw
 * text: the signature is computed over the exact bytes.
 */
export const mailEventsRoutes: FastifyPluginAsyncZod<Pick<Services, 'mailEvents'>> = async (app, { mailEvents }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/mail-events.php',
    {
      // Up to 1000 events in one delivery: past the API's 64 KB default.
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        querystring: z.object({ provider: z.enum(['postmark']).optional() }),
        response: { 200: MailEventsResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const outcome = await mailEvents.receive({ rawBody, headers: request.headers, provider: request.query.provider });
      return { ok: true as const, ...outcome };
    },
  );
};

/** The envelope recipient, when the pipe passes it; otherwise the message's `X-Original-To` or `Delivered-To` is read. */
const PipedMailQuery = z.object({ recipient: text().max(320).optional() });

/**
 * Mail that comes back to the sites' addresses, piped in by the operator's MTA (README, "Sending
 * mail for real"): DSNs to the VERP bounce addresses, and mails to the List-Unsubscribe
 * `mailto:` address. The body is the raw message, read as text whatever its content type.
 * Behind the mail-events secret (`Authorization: Bearer <MAIL_EVENTS_SECRET>`, or the webhook's
 * body signature); without it both are off with a 404.
 */
export const pipedMailRoutes: FastifyPluginAsyncZod<Pick<Services, 'pipedMail'>> = async (app, { pipedMail }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // A DSN carries the returned message (Postfix's bounce_size_limit is 50 KB by default).
  const bodyLimit = 1024 * 1024;
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
  const pipedOf = (request: { body: unknown; headers: Record<string, string | string[] | undefined>; query: { recipient?: string } }) => ({
    rawMessage: typeof request.body === 'string' ? request.body : '',
    headers: request.headers,
    recipient: request.query.recipient,
  });

  app.post(
    '/api/mail-bounce.php',
    { bodyLimit, schema: { tags, querystring: PipedMailQuery, response: { 200: PipedBounceResponse, ...errors } } },
    async (request) => ({ ok: true as const, ...(await pipedMail.receiveBounce(pipedOf(request))) }),
  );

  app.post(
    '/api/mail-unsubscribe.php',
    { bodyLimit, schema: { tags, querystring: PipedMailQuery, response: { 200: UnsubscribeResponse, ...errors } } },
    async (request) => ({ ok: true as const, kind: (await pipedMail.receiveUnsubscribe(pipedOf(request))).kind }),
  );
};

import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { ClientEvent, ServerEvent } from '../../contract/ws-events';
import { createVisibleMember, signUpMember, tokenFromLastMail } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { summarize } from '../../tests/fuzz/fuzz-check';
import { fuzzRequests, fuzzSocketMessages, type FuzzRequest, type KnownValues, type OpenApiDocument } from '../../tests/fuzz/fuzz-requests';
import { runFuzz } from '../../tests/fuzz/fuzz-run';
import { listPagePatterns } from '../../tests/fuzz/page-patterns';
import type { JsonSchema } from '../../tests/fuzz/schema-values';
import { createTestContext, loadProductionBuild, type TestContext } from '../../tests/setup/test-services';
import { WS_PATH } from './ws-gateway';

/**
 * Property-based fuzzing of the whole HTTP edge — every operation of the API document, every
 * page route, the socket — with a fixed seed, as a member and as a visitor, on whichever
 * database the project runs. A 5xx, a refused call without `{ error, message }`, raw
 * validator text or an error in the server's log fails it. `npm run bench -- fuzz` runs the
 * same generator longer against the production server.
 */

const SEED = 15_2026;
const REQUESTS = 2500;
const SOCKET_MESSAGES = 400;

let ctx: TestContext;
let known: KnownValues;
let sessionToken: string;
const loggedErrors: string[] = [];

/** The server's own log at warn and above: a handled request never logs there. */
const logStream = {
  write(line: string) {
    const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
    loggedErrors.push(`${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim().slice(0, 300));
  },
};

beforeAll(async () => {
  ctx = await createTestContext({ pages: true, logger: { level: 'warn', stream: logStream }, services: { demoWebhookDelivery: async () => {} } });
  const site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, signupCredits: 200, loggedOutSearch: 'all' });
  const member = await signUpMember(ctx, site, { gender: 'female', seeking: 'male' });
  await ctx.services.activation.activate(tokenFromLastMail(ctx, member.input.email!));
  const other = await createVisibleMember(ctx, site, { gender: 'male', seeking: 'female' });
  const sent = await ctx.services.chat.send(site, member.user.id, { profileId: other.id, kind: 'text', text: 'Hello there!', clientId: 'fuzz-setup-message' });
  sessionToken = member.token;
  const bundles = (await ctx.app.inject({ url: '/api/orders.php', cookies: { rdv_session: sessionToken } })).json();
  const ordered = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/orders.php',
      cookies: { rdv_session: sessionToken },
      payload: { bundle_id: bundles.bundles[0].id, payment_method: 'ideal', client_id: 'fuzz-setup-order' },
    })
  ).json();
  known = {
    memberId: member.user.id,
    otherMemberId: other.id,
    conversationId: sent.message.conversation_id,
    messageId: sent.message.id,
    orderId: ordered.order.id,
    bundleId: bundles.bundles[0].id,
    demoPaymentId: new URL(ordered.redirect_url, 'http://localhost').pathname.split('/').pop()!,
    email: member.input.email!,
    password: member.input.password!,
    image: await sharp({ create: { width: 320, height: 320, channels: 3, background: '#971f50' } })
      .jpeg()
      .toBuffer(),
  };
  loggedErrors.length = 0;
});
afterAll(() => ctx?.close());

const session = {
  cookie: async () => sessionToken,
  // A password change or a log-in with the session's cookie ends it: the run goes on with a new one.
  async check() {
    if (!(await ctx.services.sessions.findUserId(sessionToken))) sessionToken = await ctx.services.sessions.start(known.memberId, 'fuzz');
  },
};

async function send(request: FuzzRequest, cookie: string | null) {
  const response = await ctx.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...(cookie && { cookie: `rdv_session=${cookie}` }) },
    payload: request.body,
    remoteAddress: request.remoteAddress,
  });
  return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
}

describe('fuzzing the HTTP edge', () => {
  it('answers thousands of generated requests without a server error, each refusal as { error, message }', { timeout: 240_000 }, async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument;
    const pagePatterns = listPagePatterns((await loadProductionBuild()).routes);
    const requests = fc.sample(fuzzRequests({ document, pagePatterns, known }), { seed: SEED, numRuns: REQUESTS });

    const report = await runFuzz(requests, { send }, session, () => loggedErrors.splice(0));

    expect(report.sent).toBe(REQUESTS);
    expect(summarize(report.findings)).toEqual([]);
    // The run reached the domain, not only the validators: plenty of calls succeeded.
    expect(
      Object.entries(report.statuses)
        .filter(([status]) => Number(status) < 300)
        .reduce((sum, [, count]) => sum + count, 0),
    ).toBeGreaterThan(REQUESTS / 10);
  });

  it('answers hostile socket messages without a server error', { timeout: 120_000 }, async () => {
    const messages = fc.sample(fuzzSocketMessages(z.toJSONSchema(ClientEvent, { target: 'openapi-3.0', io: 'input' }) as JsonSchema, known), {
      seed: SEED,
      numRuns: SOCKET_MESSAGES,
    });
    const answers: unknown[] = [];
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    let socket: WebSocket | null = null;
    const open = async () => {
      const opened = new WebSocket(`${address.replace('http', 'ws')}${WS_PATH}`, { headers: { host: 'localhost', cookie: `rdv_session=${sessionToken}` } });
      opened.on('message', (data) => answers.push(JSON.parse(data.toString())));
      await new Promise((resolve, reject) => opened.once('open', resolve).once('error', reject));
      return opened;
    };
    for (const message of messages) {
      if (!socket || socket.readyState !== socket.OPEN) socket = await open();
      socket.send(message);
    }
    // A round trip on a fresh socket: everything sent before has been handled.
    const last = socket!.readyState === socket!.OPEN ? socket! : await open();
    const pong = new Promise((resolve) => last.on('message', (data) => data.toString().includes('"pong"') && resolve(true)));
    last.send(JSON.stringify({ type: 'ping' }));
    await pong;
    await new Promise((resolve) => setTimeout(resolve, 200));
    last.terminate();
    socket?.terminate();

    expect(answers.filter((answer) => !ServerEvent.safeParse(answer).success)).toEqual([]);
    expect(answers.filter((answer) => (answer as { error?: string }).error === 'internal_error')).toEqual([]);
    expect(loggedErrors.splice(0)).toEqual([]);
  });
});

import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import type { ServerBuild } from 'react-router';
import sharp from 'sharp';
import WebSocket from 'ws';
import { z } from 'zod';
import { ClientEvent, ServerEvent } from '../contract/ws-events';
import { summarize, type FuzzResponse } from '../tests/fuzz/fuzz-check';
import { fuzzRequests, fuzzSocketMessages, type FuzzRequest, type KnownValues } from '../tests/fuzz/fuzz-requests';
import { runFuzz, type FuzzSession } from '../tests/fuzz/fuzz-run';
import { listPagePatterns } from '../tests/fuzz/page-patterns';
import type { JsonSchema } from '../tests/fuzz/schema-values';
import { buildApiDocument } from './support/api-document';
import { envNumber, heading, machineLine, type BenchOutcome } from './support/report';
import { ROOT, type RunningServer } from './support/server';

/**
 * The fuzz test of `npm test`, longer and against the production server: requests generated
 * from the API document (built in-process from the zod schemas) and the page routes of the
 * build, with hostile values, wrong methods, malformed bodies and wrong content types, half of
 * them as a signed-in demo member; then hostile WebSocket client events. Counts the 5xx answers
 * (target 0) and the refusals that are not the contract's `{ error, message }`.
 *
 * Env: BENCH_FUZZ_REQUESTS (default 12000), BENCH_FUZZ_SEED (default: new each run, printed so a
 * finding can be replayed), BENCH_FUZZ_SOCKET_MESSAGES (default 2000).
 */

const DEMO_EMAIL = 'demo1@rendezvous.example';
const DEMO_PASSWORD = 'rendezvous-demo';

export async function runFuzzBench(server: RunningServer): Promise<BenchOutcome> {
  const requestCount = Math.round(envNumber('BENCH_FUZZ_REQUESTS', 12_000));
  const socketMessages = Math.round(envNumber('BENCH_FUZZ_SOCKET_MESSAGES', 2000));
  const seed = Math.round(envNumber('BENCH_FUZZ_SEED', Date.now() % 2 ** 31));
  heading('Fuzz: generated requests against the production server');
  console.log(machineLine());
  console.log(
    `${requestCount.toLocaleString('en')} requests and ${socketMessages.toLocaleString('en')} socket messages, seed ${seed} (BENCH_FUZZ_SEED=${seed} replays them)`,
  );

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (request: Pick<FuzzRequest, 'method' | 'url' | 'headers' | 'body'>, cookie: string | null) => sendRaw(server.url, agent, request, cookie);
  try {
    const document = await buildApiDocument();
    const build = (await import(pathToFileURL(path.join(ROOT, 'build', 'server', 'index.js')).href)) as ServerBuild;
    const member = await signIn(send);
    const known = await gatherKnownValues(send, member);
    const session: FuzzSession = {
      cookie: async () => member.cookie,
      async check() {
        const answer = await send({ method: 'GET', url: '/api/user.php', headers: {} }, member.cookie);
        if (answer.status === 403) Object.assign(member, await signIn(send));
      },
    };

    const requests = fc.sample(fuzzRequests({ document, pagePatterns: listPagePatterns(build.routes), known }), { seed, numRuns: requestCount });
    const started = performance.now();
    const report = await runFuzz(requests, { send: (request, cookie) => send(request, cookie) }, session);
    const seconds = (performance.now() - started) / 1000;
    const sockets = await fuzzSocket(server.url, member.cookie, known, seed, socketMessages);

    const statuses = Object.entries(report.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    const contractFindings = report.findings.filter((finding) => !/^\d{3}$/.test(finding.problem) || Number(finding.problem) < 500);
    const lines = [
      `requests sent: ${report.sent.toLocaleString('en')} in ${seconds.toFixed(1)} s (seed ${seed})`,
      `5xx answers: ${report.serverErrors} (target 0)`,
      `refusals not shaped { error, message } with translated field problems: ${contractFindings.length} (target 0)`,
      `statuses: ${statuses}`,
      `socket messages sent: ${sockets.sent.toLocaleString('en')}; internal_error refusals: ${sockets.internalErrors}; unreadable server events: ${sockets.malformed} (target 0 each)`,
    ];
    for (const line of lines) console.log(line);
    const findings = summarize(report.findings);
    if (findings.length) console.log(`\nfindings (most frequent first):\n  ${findings.slice(0, 30).join('\n  ')}`);
    const missed = [
      ...(report.serverErrors ? [`fuzz: ${report.serverErrors} of ${report.sent} requests answered 5xx (seed ${seed})`] : []),
      ...(contractFindings.length ? [`fuzz: ${contractFindings.length} refusals outside the error contract (seed ${seed})`] : []),
      ...(sockets.internalErrors || sockets.malformed
        ? [`fuzz: socket answered ${sockets.internalErrors} internal errors, ${sockets.malformed} malformed events`]
        : []),
    ];
    return { name: 'fuzz', lines, missed };
  } finally {
    agent.destroy();
  }
}

type Send = (request: Pick<FuzzRequest, 'method' | 'url' | 'headers' | 'body'>, cookie: string | null) => Promise<FuzzResponse & { cookies: string[] }>;

/** One raw request: any method (TRACE included), the path exactly as generated. */
function sendRaw(
  base: string,
  agent: http.Agent,
  request: Pick<FuzzRequest, 'method' | 'url' | 'headers' | 'body'>,
  cookie: string | null,
): Promise<FuzzResponse & { cookies: string[] }> {
  const target = new URL(base);
  return new Promise<FuzzResponse & { cookies: string[] }>((resolve, reject) => {
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        agent,
        headers: {
          ...request.headers,
          ...(cookie && { cookie: `rdv_session=${cookie}` }),
          ...(request.body !== undefined && { 'content-length': Buffer.byteLength(request.body) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
            cookies: ([] as string[]).concat(response.headers['set-cookie'] ?? []),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (request.body !== undefined) outgoing.write(request.body);
    outgoing.end();
  }).catch((error: unknown) => ({ status: 0, contentType: '', body: `client error: ${error instanceof Error ? error.message : String(error)}`, cookies: [] }));
}

/** Logs in as a demo member (the demo seed's first one) and keeps the session cookie. */
async function signIn(send: Send): Promise<{ cookie: string; id: number }> {
  const answer = await send(
    {
      method: 'POST',
      url: '/api/user.php',
      headers: { 'content-type': 'application/json', 'x-request-type': 'client', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    },
    null,
  );
  const cookie = answer.cookies.map((line) => /^rdv_session=([^;]+)/.exec(line)?.[1]).find(Boolean);
  if (answer.status !== 200 || !cookie) throw new Error(`could not log in as ${DEMO_EMAIL}: ${answer.status} ${answer.body.slice(0, 200)}`);
  return { cookie, id: (JSON.parse(answer.body) as { user: { id: number } }).user.id };
}

/** Real ids for a share of the requests: another member, a conversation with them, an order. */
async function gatherKnownValues(send: Send, member: { cookie: string; id: number }): Promise<KnownValues> {
  const json = async (request: Pick<FuzzRequest, 'method' | 'url' | 'body'>) => {
    const answer = await send(
      { ...request, headers: { 'sec-fetch-site': 'same-origin', ...(request.body && { 'content-type': 'application/json' }) } },
      member.cookie,
    );
    return answer.status < 300 ? (JSON.parse(answer.body) as Record<string, never>) : null;
  };
  const search = (await json({ method: 'GET', url: '/api/members.php' })) as { results?: { id: number }[] } | null;
  const otherMemberId = search?.results?.find((card) => card.id !== member.id)?.id ?? member.id + 1;
  const sent = (await json({
    method: 'POST',
    url: '/api/messages.php',
    body: JSON.stringify({ profile_id: otherMemberId, text: 'Hello there!', client_id: `fuzz-bench-${Date.now()}` }),
  })) as {
    message?: { id: number; conversation_id: number };
  } | null;
  const offer = (await json({ method: 'GET', url: '/api/orders.php' })) as { bundles?: { id: number }[]; payment_methods?: string[] } | null;
  const bundleId = offer?.bundles?.[0]?.id ?? 1;
  const ordered = (await json({
    method: 'POST',
    url: '/api/orders.php',
    body: JSON.stringify({ bundle_id: bundleId, payment_method: offer?.payment_methods?.[0] ?? 'ideal', client_id: `fuzz-bench-order-${Date.now()}` }),
  })) as { order?: { id: number }; redirect_url?: string } | null;
  return {
    memberId: member.id,
    otherMemberId,
    conversationId: sent?.message?.conversation_id ?? 1,
    messageId: sent?.message?.id ?? 1,
    orderId: ordered?.order?.id ?? 1,
    bundleId,
    demoPaymentId: ordered?.redirect_url?.split('/').pop()?.split('?')[0] ?? 'demo_unknown',
    email: DEMO_EMAIL,
    // Not the real password: the run must not change it or delete the account it runs as.
    password: 'not-the-password',
    image: await sharp({ create: { width: 320, height: 320, channels: 3, background: '#971f50' } })
      .jpeg()
      .toBuffer(),
  };
}

/** Hostile client events on real sockets; a socket the server closes (too many invalid messages) is opened again. */
async function fuzzSocket(base: string, cookie: string, known: KnownValues, seed: number, count: number) {
  const messages = fc.sample(fuzzSocketMessages(z.toJSONSchema(ClientEvent, { target: 'openapi-3.0', io: 'input' }) as JsonSchema, known), {
    seed,
    numRuns: count,
  });
  const answers: unknown[] = [];
  const open = async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { headers: { cookie: `rdv_session=${cookie}` } });
    socket.on('message', (data) => answers.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return socket;
  };
  let socket = await open();
  let sent = 0;
  for (const message of messages) {
    if (socket.readyState !== socket.OPEN) socket = await open();
    socket.send(message);
    sent += 1;
    // Let the server read: a burst of 20 invalid frames closes the socket before the rest arrive.
    if (sent % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (socket.readyState !== socket.OPEN) socket = await open();
  const pong = new Promise((resolve) => socket.on('message', (data) => data.toString().includes('"pong"') && resolve(true)));
  socket.send(JSON.stringify({ type: 'ping' }));
  await Promise.race([pong, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.terminate();
  return {
    sent,
    internalErrors: answers.filter((answer) => (answer as { error?: string }).error === 'internal_error').length,
    malformed: answers.filter((answer) => !ServerEvent.safeParse(answer).success).length,
  };
}

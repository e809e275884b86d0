import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { serverAnsweringEarly } from './http-server';
import { livenessProbe } from './liveness-probe';

/**
 * `GET /healthz` is answered before the router (ADR 0089). What a load balancer gets must not
 * drift from what the Fastify route sends: the same status, body and headers, its own request
 * id, and a count in the route's series.
 */
const TOKEN = 'scrape-token-0123456789abcdef';
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext({ env: { NODE_ENV: 'production', METRICS_TOKEN: TOKEN } });
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, host: '127.0.0.1', path, method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Headers that name the moment, the connection or the request rather than the answer. */
const withoutPerRequest = (headers: http.IncomingHttpHeaders | Record<string, unknown>) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'x-request-id': _id, ...rest } = headers as Record<string, unknown>;
  return rest;
};

const probesCounted = async () => {
  const scrape = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const line = scrape.body
    .split('\n')
    .find((entry) => entry.startsWith('rendezvous_http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"}'));
  return line ? Number(line.split(' ').pop()) : 0;
};

describe('the liveness probe before the router', () => {
  it('answers what the route answers: status, body and every header but the request id', async () => {
    const early = await get('/healthz');
    const routed = await ctx.app.inject({ url: '/healthz' });
    expect([early.status, early.body]).toEqual([200, '{"status":"ok"}']);
    expect(withoutPerRequest(early.headers)).toEqual(withoutPerRequest(routed.headers));
    expect(early.headers['x-content-type-options']).toBe('nosniff');
    expect(early.headers['permissions-policy']).toContain('geolocation=(self)');
    expect(early.headers['set-cookie']).toBeUndefined();
  });

  it('keeps a sane X-Request-Id from the load balancer and gives every other probe an id of its own', async () => {
    expect((await get('/healthz', { headers: { 'x-request-id': 'lb-7f3a.9:c@edge-1' } })).headers['x-request-id']).toBe('lb-7f3a.9:c@edge-1');
    const replaced = (await get('/healthz', { headers: { 'x-request-id': 'two words' } })).headers['x-request-id'];
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    const [first, second] = await Promise.all([get('/healthz'), get('/healthz')]);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it("is counted in the route's own series, once per probe", async () => {
    const before = await probesCounted();
    await get('/healthz');
    await get('/healthz');
    expect(await probesCounted()).toBe(before + 2);
    const scrape = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const series = scrape.body.split('\n').filter((line) => line.startsWith('rendezvous_http_request_duration_seconds_count{method="GET",route="/healthz"'));
    expect(series).toHaveLength(1);
  });

  it('leaves every other request to the router: HEAD, a query string, a look-alike path', async () => {
    const head = await get('/healthz', { method: 'HEAD' });
    expect([head.status, head.body]).toEqual([200, '']);
    expect(head.headers['x-content-type-options']).toBe('nosniff');
    const withQuery = await get('/healthz?from=lb');
    expect([withQuery.status, withQuery.body]).toEqual([200, '{"status":"ok"}']);
    expect((await get('/healthz/')).status).toBe(404);
    expect((await get('/%68ealthz')).status).not.toBe(500);
  });
});

describe('serverAnsweringEarly', () => {
  it("gives the router only what the probe leaves, and applies Fastify's server settings", async () => {
    const observed: number[] = [];
    const routed: string[] = [];
    const factory = serverAnsweringEarly(
      livenessProbe({ headers: { 'x-frame-options': 'SAMEORIGIN' }, series: { observe: (_seconds, status) => observed.push(status) } }),
    );
    const server = factory(
      (request, response) => {
        routed.push(`${request.method} ${request.url}`);
        response.end('routed');
      },
      { http: { headersTimeout: 1_234 }, keepAliveTimeout: 5_678, requestTimeout: 9_876, connectionTimeout: 0, maxRequestsPerSocket: 0 },
    ) as http.Server;
    expect([server.headersTimeout, server.keepAliveTimeout, server.requestTimeout]).toEqual([1_234, 5_678, 9_876]);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const saved = port;
    port = (server.address() as AddressInfo).port;
    try {
      const probe = await get('/healthz');
      expect([probe.status, probe.body, probe.headers['x-frame-options']]).toEqual([200, '{"status":"ok"}', 'SAMEORIGIN']);
      await get('/healthz?x=1');
      await get('/healthz', { method: 'HEAD' });
      await get('/api/settings.php');
      expect(routed).toEqual(['GET /healthz?x=1', 'HEAD /healthz', 'GET /api/settings.php']);
      expect(observed).toEqual([200]);
    } finally {
      port = saved;
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

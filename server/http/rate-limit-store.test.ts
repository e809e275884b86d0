import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { validSignup } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { OwnRedisServer, ownRedisUnavailable, waitUntil } from '../../tests/setup/redis-server';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { createMemoryBus } from '../realtime/memory-bus';
import { createMemorySiteChangeBus } from '../realtime/site-change-bus';
import { createPageChangeBus } from '../realtime/page-change-bus';

/**
 * REDIS_URL points at a port where Redis is not (yet) running: the rate limits count in this
 * instance's memory, say so once, and go back to Redis when it starts. The buses are in-process
 * here; what they do without Redis is the realtime test's (ws-gateway.redis-outage.test.ts).
 */
describe('rate limits while Redis is unreachable', () => {
  let ctx: TestContext;
  let redis: OwnRedisServer;
  const logs: { level: number; msg: string }[] = [];
  const said = (text: string) => logs.filter((line) => line.msg.includes(text)).length;
  const scrape = () => ctx.services.metrics.registry.metrics();
  const metric = async (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(await scrape())?.[1]);

  beforeAll(async () => {
    redis = await OwnRedisServer.onFreePort();
    ctx = await createTestContext({
      env: { REDIS_URL: redis.url },
      services: { bus: createMemoryBus(), siteChanges: createMemorySiteChangeBus(), pageChanges: createPageChangeBus() },
      logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    });
    await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  });
  afterAll(async () => {
    await ctx?.close();
    await redis?.kill();
  });

  const member = validSignup();
  const logIn = (payload: { email?: string; password?: string }) => ctx.app.inject({ method: 'POST', url: '/api/user.php', payload });

  it('lets members sign up, log in and ask for a reset, and counts the limits in memory', async () => {
    const input = member;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/signup.php', payload: input })).statusCode).toBe(201);
    const credentials = { email: input.email, password: input.password };
    // The log-in limit is 20 per quarter hour: still enforced, by this instance alone.
    for (let attempt = 1; attempt <= 20; attempt++) expect((await logIn(credentials)).statusCode).toBe(200);
    const limited = await logIn(credentials);
    expect(limited.statusCode).toBe(429);

    const reset = await ctx.app.inject({ method: 'POST', url: '/api/password-reset.php', payload: { email: input.email } });
    expect(reset.statusCode).toBe(200);

    expect(said('rate limits count in this instance')).toBe(1);
    expect(await metric('rendezvous_rate_limit_local_fallback')).toBe(1);
    expect(await metric('rendezvous_rate_limit_local_fallbacks_total')).toBe(1);
    // Sign-up counts twice (every call, then the sign-up budget), log-in 21 times, the reset once.
    expect(await metric('rendezvous_rate_limit_local_counts_total')).toBe(24);
  });

  it('reports Redis on /readyz while /healthz stays up', async () => {
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'redis_unavailable' }]);
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it.skipIf(ownRedisUnavailable)(
    `counts in Redis again once it is back, and turns ready${ownRedisUnavailable ? ` (skipped: ${ownRedisUnavailable})` : ''}`,
    async () => {
      await redis.start();
      await waitUntil('the app reconnects to Redis', async () => (await ctx.app.inject({ url: '/readyz' })).statusCode === 200);
      expect(said('rate limits count in Redis again')).toBe(1);
      expect(await metric('rendezvous_rate_limit_local_fallback')).toBe(0);

      expect((await ctx.app.inject({ method: 'POST', url: '/api/password-reset.php', payload: { email: member.email } })).statusCode).toBe(200);
      const reader = new Redis(redis.url);
      try {
        expect(await reader.keys('rdv-rate-limit:POST/api/password-reset.php-*')).toHaveLength(1);
      } finally {
        reader.disconnect();
      }
      expect(said('rate limits count in this instance')).toBe(1);
    },
  );
});

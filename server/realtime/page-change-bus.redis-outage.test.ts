import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnRedisServer, ownRedisUnavailable, waitUntil } from '../../tests/setup/redis-server';
import { createPageChangeBus, type PageChange, type PageChangeBus } from './page-change-bus';

const skipped = ownRedisUnavailable;

/** Kept pages are dropped by what other instances announce; an outage must not leave them stale. */
describe.skipIf(skipped)(`the page change bus across a Redis crash${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let redis: OwnRedisServer;
  let bus: PageChangeBus;
  const heard: PageChange[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    redis = await OwnRedisServer.onFreePort();
    await redis.start();
    bus = createPageChangeBus({ redisUrl: redis.url, channel: `rdv-test:pages-${process.pid}`, onError: (error) => errors.push(error) });
    bus.subscribe((change) => heard.push(change));
    await bus.ready();
  });
  afterAll(async () => {
    await bus?.close();
    await redis?.kill();
  });

  it('never holds a request while Redis is down, and drops every kept page once it is back', async () => {
    await bus.publish({ siteId: 3 });
    await waitUntil('the change is heard', () => heard.some((change) => 'siteId' in change));

    await redis.kill();
    // Once the connection is known lost, a publish returns at once instead of queueing.
    await waitUntil('a publish returns at once', async () => {
      const started = Date.now();
      await bus.publish({ memberId: 7 }).catch(() => {});
      return Date.now() - started < 20;
    });
    expect(heard.some((change) => 'memberId' in change)).toBe(false);

    heard.length = 0;
    await redis.start();
    await waitUntil('every kept page is dropped', () => heard.some((change) => 'allSites' in change), { timeoutMs: 20_000 });
    expect(errors.length).toBeLessThanOrEqual(4);
  });
});

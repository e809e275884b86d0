import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createRealtimeTestContext, createTestRedisBus, type RealtimeTestContext } from '../../tests/setup/realtime';
import type { SiteRow } from '../db/schema/index';
import { testEnv } from '../../tests/setup/test-env';

const redisUrl = testEnv.redisUrl;
// Two instances need one database both can reach: PostgreSQL (the postgres project), never PGlite.
const runs = testEnv.engine === 'postgres' && !!testEnv.databaseUrl && !!redisUrl;

describe.runIf(runs)('GET /api/ws across two instances (REDIS_PUBSUB=sharded)', () => {
  let a: RealtimeTestContext;
  let b: RealtimeTestContext;
  let site: SiteRow;
  let redis: Redis;
  const namespace = `gateway-sharded-${process.pid}-${Date.now()}`;
  const channelsLike = `rdv-test:${namespace}:member:*`;
  beforeAll(async () => {
    a = await createRealtimeTestContext({ bus: createTestRedisBus(redisUrl!, namespace, 'sharded') });
    b = await createRealtimeTestContext({ bus: createTestRedisBus(redisUrl!, namespace, 'sharded'), shareDatabaseOf: a });
    site = await createSite(a.db, { domain: a.config.defaultSiteDomain, messageCredits: 0, freeConversations: 100 });
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await redis?.quit();
    await b?.close();
    await a?.close();
  });

  const member = (gender: 'male' | 'female' = 'female') => createVisibleMember(a, site, { gender, paidUser: true });

  it('delivers a message sent through instance A to the partner’s socket on instance B through shard channels', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const [benOnB, annaOnA] = await Promise.all([b.connect(ben.id), a.connect(anna.id)]);

    // Each open tab's member is listened to on a shard channel, and on no classic channel.
    const shardChannels = (await redis.call('PUBSUB', 'SHARDCHANNELS', channelsLike)) as string[];
    expect(shardChannels.sort()).toEqual([`rdv-test:${namespace}:member:${anna.id}`, `rdv-test:${namespace}:member:${ben.id}`].sort());
    expect(await redis.call('PUBSUB', 'CHANNELS', channelsLike)).toEqual([]);

    const { message } = await a.services.chat.send(site, anna.id, {
      profileId: ben.id,
      kind: 'text',
      text: 'Across shards',
      clientId: `sharded-${Date.now()}`,
    });
    expect((await benOnB.waitFor('message_new')).message).toEqual(message);
    expect((await annaOnA.waitFor('message_new')).message.id).toBe(message.id);
  });

  it('stops listening on a member’s shard channel once their last tab on the instance closes', async () => {
    const carla = await member();
    const tab = await b.connect(carla.id);
    const channel = `rdv-test:${namespace}:member:${carla.id}`;
    expect(await redis.call('PUBSUB', 'SHARDCHANNELS', channel)).toEqual([channel]);
    tab.ws.close();
    await expect.poll(() => redis.call('PUBSUB', 'SHARDCHANNELS', channel)).toEqual([]);
  });
});

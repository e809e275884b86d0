import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { testEnv } from '../../tests/setup/test-env';
import { createPageChangeBus, type PageChangeBus } from '../realtime/page-change-bus';
import { createMemorySiteChangeBus, createRedisSiteChangeBus, type SiteChangeBus } from '../realtime/site-change-bus';
import { createPageCache, type PageCache } from './page-cache';
import { pageCacheInvalidationPlugin } from './page-cache-invalidation';

/**
 * Two instances, each with its own page cache, joined only by the buses: a change made through
 * one drops the kept pages of both (ADR 0038). In-process buses stand for one instance; with
 * TEST_REDIS_URL the same runs across Redis.
 */

interface Instance {
  app: FastifyInstance;
  cache: PageCache;
  memberCache: PageCache;
}

async function startInstance(buses: { siteChanges: SiteChangeBus; pageChanges: PageChangeBus }): Promise<Instance> {
  const newCache = () => createPageCache({ freshMs: 60_000, staleMs: 0, maxBytes: 1 << 20, now: () => Date.now(), onError: (error) => console.error(error) });
  const [cache, memberCache] = [newCache(), newCache()];
  const app = Fastify();
  await app.register(fastifyCookie);
  // The session cookie names its member directly here: only who it is matters.
  app.decorateRequest('findMemberId', function (this: FastifyRequest) {
    return Promise.resolve(Number(this.cookies.rdv_session) || null);
  });
  await app.register(pageCacheInvalidationPlugin, { cache, memberCache, ...buses, onError: (error) => console.error(error) });
  // The real routes' addresses, answered without their services: only the addresses matter here.
  app.put('/api/profile.php', { config: { changesShownPages: true } }, async () => ({ ok: true }));
  app.get('/api/auto-like.php', { config: { changesMemberPages: true } }, async () => ({ ok: true }));
  app.get('/api/chats.php', async () => ({ ok: true }));
  app.post('/api/like.php', async () => ({ ok: true }));
  app.put('/api/password.php', async (_request, reply) => reply.code(400).send({ error: 'validation_failed' }));
  await app.ready();
  return { app, cache, memberCache };
}

async function keep(cache: PageCache, key: string, siteId: number, memberId?: number) {
  await cache.get(key, { siteId, ...(memberId && { memberId }) }, async () => ({
    body: Buffer.from(`<html>${key}</html>`),
    headers: { 'content-type': 'text/html' },
  }));
  expect(cache.peek(key)).not.toBeNull();
}

function scenarios(makeBuses: () => { siteChanges: SiteChangeBus; pageChanges: PageChangeBus }, shared: boolean) {
  const instances: Instance[] = [];
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const instance of instances) await instance.app.close();
    for (const close of closers) await close();
  });

  async function pair() {
    const busesA = makeBuses();
    const busesB = shared ? busesA : makeBuses();
    for (const buses of new Set([busesA, busesB]))
      closers.push(
        () => buses.siteChanges.close(),
        () => buses.pageChanges.close(),
      );
    await Promise.all([busesA, busesB].flatMap((buses) => [buses.siteChanges.ready(), buses.pageChanges.ready()]));
    const a = await startInstance(busesA);
    const b = await startInstance(busesB);
    instances.push(a, b);
    return { a, b, busesA, busesB };
  }

  it('a profile saved through one instance drops every kept page of both', async () => {
    const { a, b } = await pair();
    await keep(a.cache, 'a/1', 1);
    await keep(b.cache, 'b/1', 1);
    await keep(b.cache, 'b/2', 2);
    expect((await a.app.inject({ method: 'PUT', url: '/api/profile.php' })).statusCode).toBe(200);
    await expect.poll(() => b.cache.size).toBe(0);
    expect(a.cache.size).toBe(0);
  });

  it('a site’s settings changed drop that site’s pages only', async () => {
    const { a, b, busesA } = await pair();
    await keep(b.cache, 'b/1', 1);
    await keep(b.cache, 'b/2', 2);
    await keep(a.cache, 'a/2', 2);
    await busesA.siteChanges.publish(2);
    await expect.poll(() => b.cache.peek('b/2')).toBeNull();
    expect(b.cache.peek('b/1')).not.toBeNull();
    expect(a.cache.peek('a/2')).toBeNull();
  });

  it('a member’s like through one instance drops their kept tabs on both, and nobody else’s', async () => {
    const { a, b } = await pair();
    await keep(b.memberCache, 'b/member-7', 1, 7);
    await keep(b.memberCache, 'b/member-8', 1, 8);
    await keep(b.cache, 'b/visitors', 1);
    expect((await a.app.inject({ method: 'POST', url: '/api/like.php', cookies: { rdv_session: '7' } })).statusCode).toBe(200);
    await expect.poll(() => b.memberCache.peek('b/member-7')).toBeNull();
    expect(b.memberCache.peek('b/member-8')).not.toBeNull();
    expect(b.cache.peek('b/visitors')).not.toBeNull();
  });

  it('a read that declares it writes the member’s tabs (the automatic like) drops them on both; a plain read does not', async () => {
    const { a, b } = await pair();
    await keep(b.memberCache, 'b/member-7', 1, 7);
    await keep(b.memberCache, 'b/member-8', 1, 8);
    expect((await a.app.inject({ url: '/api/chats.php', cookies: { rdv_session: '8' } })).statusCode).toBe(200);
    expect((await a.app.inject({ url: '/api/auto-like.php', cookies: { rdv_session: '7' } })).statusCode).toBe(200);
    await expect.poll(() => b.memberCache.peek('b/member-7')).toBeNull();
    expect(b.memberCache.peek('b/member-8')).not.toBeNull();
  });

  it('a profile saved drops the members’ kept tabs too (the search shows it)', async () => {
    const { a, b } = await pair();
    await keep(b.memberCache, 'b/member-8', 1, 8);
    expect((await a.app.inject({ method: 'PUT', url: '/api/profile.php', cookies: { rdv_session: '9' } })).statusCode).toBe(200);
    await expect.poll(() => b.memberCache.size).toBe(0);
  });

  it('a like or a refused call changes nothing visitors see: the pages stay', async () => {
    const { a, b, busesA, busesB } = await pair();
    await keep(b.cache, 'b/1', 1);
    expect((await a.app.inject({ method: 'POST', url: '/api/like.php' })).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'PUT', url: '/api/password.php' })).statusCode).toBe(400);
    // Published after them, a marker arrives after anything they published: once it is in, theirs would be too.
    const marker = new Promise<void>((resolve) => busesB.pageChanges.subscribe((change) => 'siteId' in change && change.siteId === 99 && resolve()));
    await busesA.pageChanges.publish({ siteId: 99 });
    await marker;
    expect(b.cache.peek('b/1')).not.toBeNull();
  });
}

describe('page cache invalidation on one instance (in-process buses)', () => {
  scenarios(() => ({ siteChanges: createMemorySiteChangeBus(), pageChanges: createPageChangeBus() }), true);
});

describe.runIf(!!testEnv.redisUrl)('page cache invalidation across instances (Redis)', () => {
  const namespace = `pages-${process.pid}-${Date.now()}`;
  scenarios(
    () => ({
      siteChanges: createRedisSiteChangeBus(testEnv.redisUrl!, { channel: `${namespace}:sites` }),
      pageChanges: createPageChangeBus({ redisUrl: testEnv.redisUrl!, channel: `${namespace}:pages` }),
    }),
    false,
  );
});

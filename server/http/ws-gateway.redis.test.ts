import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember, signUpMember } from '../../tests/factories/members';
import { WS_CLOSE } from '../../contract/ws-events';
import { createSite } from '../../tests/factories/sites';
import { createRealtimeTestContext, createTestRedisBus, type RealtimeTestContext } from '../../tests/setup/realtime';
import type { SiteRow } from '../db/schema/index';
import { testEnv } from '../../tests/setup/test-env';

const redisUrl = testEnv.redisUrl;
// Two instances need one database both can reach: PostgreSQL (the postgres project), never PGlite.
const runs = testEnv.engine === 'postgres' && !!testEnv.databaseUrl && !!redisUrl;

describe.runIf(runs)('GET /api/ws across two instances (Redis bus)', () => {
  let a: RealtimeTestContext;
  let b: RealtimeTestContext;
  let site: SiteRow;
  beforeAll(async () => {
    const namespace = `gateway-${process.pid}-${Date.now()}`;
    a = await createRealtimeTestContext({ bus: createTestRedisBus(redisUrl!, namespace) });
    b = await createRealtimeTestContext({ bus: createTestRedisBus(redisUrl!, namespace), shareDatabaseOf: a });
    site = await createSite(a.db, { domain: a.config.defaultSiteDomain, messageCredits: 0, freeConversations: 100 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const member = (gender: 'male' | 'female' = 'female') => createVisibleMember(a, site, { gender, paidUser: true });

  it('delivers a message sent through instance A to sockets on instance B, and the sender’s tab on A', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const [benOnB, annaOnA, annaOnB] = await Promise.all([b.connect(ben.id), a.connect(anna.id), b.connect(anna.id)]);

    const { message } = await a.services.chat.send(site, anna.id, {
      profileId: ben.id,
      kind: 'text',
      text: 'Across instances',
      clientId: `redis-${Date.now()}`,
    });

    expect((await benOnB.waitFor('message_new')).message).toEqual(message);
    expect(await benOnB.waitFor('counters')).toEqual({ type: 'counters', unread_messages: 1 });
    expect((await annaOnA.waitFor('message_new')).message.id).toBe(message.id);
    expect((await annaOnB.waitFor('message_new')).message.id).toBe(message.id);
  });

  it('relays typing from a socket on one instance to the other member’s socket on the other', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const { message } = await a.services.chat.send(site, anna.id, { profileId: ben.id, kind: 'text', text: 'Hi', clientId: `redis-typing-${Date.now()}` });
    const [annaOnA, benOnB] = await Promise.all([a.connect(anna.id), b.connect(ben.id)]);
    benOnB.send({ type: 'typing', conversation_id: message.conversation_id });
    expect(await annaOnA.waitFor('typing')).toEqual({ type: 'typing', conversation_id: message.conversation_id, profile_id: ben.id });
  });

  it('resyncs a tab on instance B from the shared database', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const sent = await a.services.chat.send(site, anna.id, {
      profileId: ben.id,
      kind: 'text',
      text: 'While you were away',
      clientId: `redis-resync-${Date.now()}`,
    });
    const benOnB = await b.connect(ben.id);
    benOnB.send({ type: 'resync', after_message_id: sent.message.id - 1 });
    await benOnB.waitFor('resync_done');
    expect(benOnB.of('message_new').map((event) => event.message.id)).toEqual([sent.message.id]);
  });

  it('closes a tab on instance B at once when a password change on instance A ends its session', async () => {
    const { input, token } = await signUpMember(a, site);
    const onB = await b.connectWith({ cookie: `rdv_session=${token}`, origin: b.origin });
    await onB.roundTrip();
    const change = await a.app.inject({
      method: 'PUT',
      url: '/api/password.php',
      cookies: { rdv_session: token },
      payload: { old_password: input.password, new_password: 'a whole new secret phrase', new_password_confirm: 'a whole new secret phrase' },
    });
    expect(change.statusCode).toBe(200);
    // Well before B's periodic session check (10 s) could have noticed.
    const closed = await Promise.race([onB.closed, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 2000))]);
    expect(closed).toEqual({ code: WS_CLOSE.authenticationRequired, reason: 'authentication_required' });
    expect(await a.services.sessions.findUserId(token)).toBeNull();
  });
});

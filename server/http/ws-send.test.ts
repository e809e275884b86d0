import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createRealtimeTestContext, type RealtimeTestContext } from '../../tests/setup/realtime';
import { bookCredits } from '../domain/credits/ledger';
import { createUsersRepository } from '../db/repositories/users.repository';
import type { SiteRow } from '../db/schema/index';
import { WS_CLOSE } from '../../contract/ws-events';
import { MAX_SENDS_IN_FLIGHT } from './ws-send';

let ctx: RealtimeTestContext;
let site: SiteRow;
beforeAll(async () => {
  // Sessions are checked again every 100 ms here, not every 10 s.
  ctx = await createRealtimeTestContext({ sessionCheckMs: 100 });
  // Every message costs 10 credits: these tests are about paying over the socket.
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, messageCredits: 10, freeMessages: 0, freeConversations: 100, messageLength: 200 });
});
afterAll(() => ctx.close());

let next = 0;
const clientId = () => `socket-send-${++next}-${Date.now()}`;
const member = async (credits: number, gender: 'male' | 'female' = 'female') => {
  const created = await createVisibleMember(ctx, site, { gender, paidUser: true });
  if (credits) await bookCredits(ctx.db, { userId: created.id, delta: credits, reason: 'adjustment', at: ctx.clock.now() });
  return created;
};
/** Rounds of the open tabs' session check the gateway has finished (its metric). */
const sessionCheckRounds = async () =>
  (await ctx.services.metrics.registry.getSingleMetric('rendezvous_realtime_session_check_rounds_total')!.get()).values[0]?.value ?? 0;
const balanceOf = async (memberId: number) => (await createUsersRepository(ctx.db).findById(memberId))!.credits;

describe('send_message on /api/ws', () => {
  it('stores and debits the message, answers the sending tab and delivers it to the other member', async () => {
    const [anna, ben] = await Promise.all([member(25), member(0, 'male')]);
    const [annaTab, annaOtherTab, benTab] = await Promise.all([ctx.connect(anna.id), ctx.connect(anna.id), ctx.connect(ben.id)]);
    const id = clientId();

    annaTab.send({ type: 'send_message', profile_id: ben.id, text: '  Hello Ben  ', client_id: id });

    const answer = await annaTab.waitFor('message_sent');
    expect(answer).toMatchObject({ client_id: id, credits: 15, next_message_price: 10, message: { text: 'Hello Ben', sender_id: anna.id, credits_spent: 10 } });
    expect((await benTab.waitFor('message_new')).message).toEqual(answer.message);
    expect(await benTab.waitFor('counters')).toEqual({ type: 'counters', unread_messages: 1 });
    // The answer is for the sending tab; the other tab learns of the message as usual.
    expect((await annaOtherTab.waitFor('message_new')).message.id).toBe(answer.message.id);
    await annaOtherTab.roundTrip();
    expect(annaOtherTab.of('message_sent')).toEqual([]);
    expect(await balanceOf(anna.id)).toBe(15);
  });

  it('answers a repeated client id with the first message and charges once, also when the retry comes over HTTP', async () => {
    const [anna, ben] = await Promise.all([member(30), member(0, 'male')]);
    const annaTab = await ctx.connect(anna.id);
    const id = clientId();
    const event = { type: 'send_message', profile_id: ben.id, text: 'Only once', client_id: id };

    annaTab.send(event);
    annaTab.send(event);
    const answers = [await annaTab.waitFor('message_sent'), await annaTab.waitFor('message_sent', () => annaTab.of('message_sent').length === 2)];
    expect(answers[1].message.id).toBe(answers[0].message.id);

    const cookie = await ctx.services.sessions.start(anna.id, 'vitest');
    const overHttp = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      cookies: { rdv_session: cookie },
      payload: { profile_id: ben.id, text: 'Only once', client_id: id },
    });
    expect(overHttp.statusCode).toBe(201);
    expect(overHttp.json().message.id).toBe(answers[0].message.id);
    expect(await balanceOf(anna.id)).toBe(20);
  });

  it('refuses with the same code and text as HTTP, in the tab’s language, and changes nothing', async () => {
    const [anna, ben] = await Promise.all([member(5), member(0, 'male')]);
    const token = await ctx.services.sessions.start(anna.id, 'vitest');
    const germanTab = await ctx.connectWith({ cookie: `rdv_session=${token}`, origin: ctx.origin, 'accept-language': 'de-DE,de;q=0.9' });
    await germanTab.roundTrip();
    const id = clientId();

    germanTab.send({ type: 'send_message', profile_id: ben.id, text: 'Too expensive', client_id: id });
    expect(await germanTab.waitFor('message_refused')).toEqual({
      type: 'message_refused',
      client_id: id,
      error: 'insufficient_credits',
      message: 'Du hast nicht genug Credits',
    });

    germanTab.send({ type: 'send_message', profile_id: ben.id, text: 'x'.repeat(201), client_id: clientId() });
    expect(await germanTab.waitFor('message_refused', (event) => event.error === 'message_too_long')).toMatchObject({
      message: 'Deine Nachricht ist zu lang: höchstens 200 Zeichen.',
    });
    expect(await balanceOf(anna.id)).toBe(5);
  });

  it('never lets a member write into a conversation of others', async () => {
    const [anna, ben, eve] = await Promise.all([member(50), member(0, 'male'), member(50, 'male')]);
    const first = await ctx.services.chat.send(site, anna.id, { profileId: ben.id, kind: 'text', text: 'Hi Ben', clientId: clientId() });
    const [eveTab, benTab] = await Promise.all([ctx.connect(eve.id), ctx.connect(ben.id)]);

    eveTab.send({ type: 'send_message', conversation_id: first.message.conversation_id, text: 'Let me in', client_id: clientId() });

    expect(await eveTab.waitFor('message_refused')).toMatchObject({ error: 'not_found' });
    await benTab.roundTrip();
    expect(benTab.of('message_new')).toEqual([]);
    expect(await balanceOf(eve.id)).toBe(50);
  });

  it('closes the tabs of a session ended elsewhere (a password reset) at the next session check, and only those', async () => {
    const [anna, ben] = await Promise.all([member(50), member(0, 'male')]);
    const [annaTab, benTab] = await Promise.all([ctx.connect(anna.id), ctx.connect(ben.id)]);
    await ctx.services.sessions.endAll(anna.id);

    expect(await annaTab.closed).toEqual({ code: WS_CLOSE.authenticationRequired, reason: 'authentication_required' });
    annaTab.send({ type: 'send_message', profile_id: ben.id, text: 'After the reset', client_id: clientId() });
    // Ben's session is live: his tab stays open through later checks. Two more rounds: the
    // second began after the first ended, which is after Anna's tab was closed.
    const rounds = await sessionCheckRounds();
    await vi.waitFor(async () => expect(await sessionCheckRounds()).toBeGreaterThanOrEqual(rounds + 2), { timeout: 5_000 });
    await benTab.roundTrip();
    expect(benTab.of('message_new')).toEqual([]);
    expect(await balanceOf(anna.id)).toBe(50);
  });

  it('counts a malformed send as an invalid message and answers nothing', async () => {
    const [anna, ben] = await Promise.all([member(50), member(0, 'male')]);
    const annaTab = await ctx.connect(anna.id);
    // Both a profile and a conversation, then neither: the contract refuses each before any work.
    annaTab.send({ type: 'send_message', profile_id: ben.id, conversation_id: 1, text: 'Both', client_id: clientId() });
    annaTab.send({ type: 'send_message', text: 'Neither', client_id: clientId() });
    annaTab.send({ type: 'send_message', profile_id: ben.id, text: 'Short id', client_id: 'x' });
    await annaTab.roundTrip();
    expect(annaTab.of('message_sent')).toEqual([]);
    expect(annaTab.of('message_refused')).toEqual([]);
    expect(await balanceOf(anna.id)).toBe(50);
  });

  it('treats an id past the integer column as a malformed send, not a failed one', async () => {
    const anna = await member(50);
    const annaTab = await ctx.connect(anna.id);
    annaTab.send({ type: 'send_message', profile_id: 2 ** 31, text: 'Hello', client_id: clientId() });
    annaTab.send({ type: 'send_message', conversation_id: Number.MAX_SAFE_INTEGER, text: 'Hello', client_id: clientId() });
    annaTab.send({ type: 'typing', conversation_id: 2 ** 31 });
    await annaTab.roundTrip();
    // Before, the database refused the id and the tab got `internal_error`.
    expect(annaTab.of('message_refused')).toEqual([]);
    expect(await balanceOf(anna.id)).toBe(50);
  });

  it(`refuses more than ${MAX_SENDS_IN_FLIGHT} sends waiting at once from one tab`, async () => {
    const [anna, ben] = await Promise.all([member(10_000), member(0, 'male')]);
    const annaTab = await ctx.connect(anna.id);
    const total = MAX_SENDS_IN_FLIGHT + 20;
    for (let i = 0; i < total; i++) annaTab.send({ type: 'send_message', profile_id: ben.id, text: `Flood ${i}`, client_id: clientId() });

    await annaTab.waitFor('message_sent', () => annaTab.of('message_sent').length + annaTab.of('message_refused').length === total);
    const refused = annaTab.of('message_refused');
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((event) => event.error))).toEqual(new Set(['rate_limited']));
    expect(await balanceOf(anna.id)).toBe(10_000 - 10 * annaTab.of('message_sent').length);
  });
});

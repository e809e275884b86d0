import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVisibleMember, signUpMember, tokenFromLastMail } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createRealtimeTestContext, TestSocket, type RealtimeTestContext } from '../../tests/setup/realtime';
import { WS_CLOSE } from '../../contract/ws-events';
import type { SiteRow } from '../db/schema/index';
import type { MemoryBus } from '../realtime/memory-bus';

let ctx: RealtimeTestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createRealtimeTestContext({ heartbeatMs: 150 });
  // Free messages, so these tests are about delivery, not credits.
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, messageCredits: 0, freeConversations: 100 });
});
afterAll(() => ctx.close());

let next = 0;
const text = (body = 'Hello there!') => ({ kind: 'text' as const, text: body, clientId: `ws-client-${++next}-${Date.now()}` });
const member = (gender: 'male' | 'female' = 'female') => createVisibleMember(ctx, site, { gender, paidUser: true });
const send = (senderId: number, to: { profileId?: number; conversationId?: number }, body?: string) =>
  ctx.services.chat.send(site, senderId, { ...text(body), ...to });

describe('GET /api/ws', () => {
  it('delivers a new message to the recipient and to every tab of the sender, and to no one else', async () => {
    const [anna, ben, eve] = await Promise.all([member(), member('male'), member('male')]);
    const [annaTab1, annaTab2, benTab, eveTab] = await Promise.all([ctx.connect(anna.id), ctx.connect(anna.id), ctx.connect(ben.id), ctx.connect(eve.id)]);

    const { message } = await send(anna.id, { profileId: ben.id }, 'Hi Ben');

    expect((await benTab.waitFor('message_new')).message).toEqual(message);
    expect(await benTab.waitFor('counters')).toEqual({ type: 'counters', unread_messages: 1 });
    expect((await annaTab1.waitFor('message_new')).message.id).toBe(message.id);
    expect((await annaTab2.waitFor('message_new')).message.id).toBe(message.id);
    await Promise.all([annaTab1, annaTab2, benTab, eveTab].map((tab) => tab.roundTrip()));
    expect(eveTab.events).toEqual([{ type: 'pong' }]);
    expect(annaTab1.of('counters')).toEqual([]);
  });

  it('publishes messages sent over HTTP, as the lead wiring will', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const benTab = await ctx.connect(ben.id);
    const cookie = await ctx.services.sessions.start(anna.id, 'vitest');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      cookies: { rdv_session: cookie },
      payload: { profile_id: ben.id, text: 'Over HTTP', client_id: `http-${Date.now()}` },
    });
    expect(response.statusCode).toBe(201);
    expect((await benTab.waitFor('message_new')).message).toMatchObject({ text: 'Over HTTP', sender_id: anna.id });
  });

  it('tells the sender their messages were read, and gives the reader fresh counters', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const first = await send(anna.id, { profileId: ben.id });
    const second = await send(anna.id, { conversationId: first.message.conversation_id });
    const [annaTab, benTab] = await Promise.all([ctx.connect(anna.id), ctx.connect(ben.id)]);

    await ctx.services.chat.markRead(ben.id, first.message.conversation_id);

    const read = await annaTab.waitFor('message_read');
    expect(read).toEqual({
      type: 'message_read',
      conversation_id: first.message.conversation_id,
      message_ids: expect.arrayContaining([first.message.id, second.message.id]),
      reader_id: ben.id,
    });
    expect(await benTab.waitFor('counters')).toEqual({ type: 'counters', unread_messages: 0 });
  });

  it('tells the member’s other tabs that a conversation was removed', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const { message } = await send(anna.id, { profileId: ben.id });
    const [benTab, annaTab] = await Promise.all([ctx.connect(ben.id), ctx.connect(anna.id)]);
    await ctx.services.chat.remove(ben.id, message.conversation_id);
    ctx.chatEvents.conversationRemoved(message.conversation_id, ben.id);
    expect(await benTab.waitFor('conversation_removed')).toEqual({ type: 'conversation_removed', conversation_id: message.conversation_id });
    expect(await benTab.waitFor('counters')).toEqual({ type: 'counters', unread_messages: 0 });
    await annaTab.roundTrip();
    expect(annaTab.events).toEqual([{ type: 'pong' }]);
  });

  it('relays typing to the other member only, at most once a second, and never from outsiders', async () => {
    const [anna, ben, eve] = await Promise.all([member(), member('male'), member('male')]);
    const { message } = await send(anna.id, { profileId: ben.id });
    const conversation_id = message.conversation_id;
    const [annaTab, benTab, eveTab] = await Promise.all([ctx.connect(anna.id), ctx.connect(ben.id), ctx.connect(eve.id)]);

    benTab.send({ type: 'typing', conversation_id });
    expect(await annaTab.waitFor('typing')).toEqual({ type: 'typing', conversation_id, profile_id: ben.id });
    benTab.send({ type: 'typing', conversation_id });
    eveTab.send({ type: 'typing', conversation_id });
    await Promise.all([benTab.roundTrip(), eveTab.roundTrip()]);
    await annaTab.roundTrip();
    expect(annaTab.of('typing')).toHaveLength(1);

    ctx.clock.advance(1000);
    benTab.send({ type: 'typing', conversation_id });
    await annaTab.waitFor('typing', () => annaTab.of('typing').length === 2);
    await Promise.all([benTab.roundTrip(), eveTab.roundTrip()]);
    expect(benTab.of('typing')).toEqual([]);
    expect(eveTab.of('typing')).toEqual([]);
  });

  it('sends exactly the missed messages once, in order, after a reconnect', async () => {
    const [anna, ben, eve] = await Promise.all([member(), member('male'), member('male')]);
    const opening = await send(anna.id, { profileId: ben.id }, 'before');
    const conversationId = opening.message.conversation_id;
    const away = await ctx.connect(ben.id);
    away.ws.close();
    await away.closed;

    const missed = [];
    for (const body of ['one', 'two', 'three']) missed.push((await send(anna.id, { conversationId }, body)).message);
    await send(eve.id, { profileId: anna.id }, 'not for Ben');

    const back = await ctx.connect(ben.id);
    back.send({ type: 'resync', after_message_id: opening.message.id });
    const done = await back.waitFor('resync_done');
    await back.roundTrip();
    expect(back.of('message_new').map((event) => event.message)).toEqual(missed);
    expect(done).toEqual({ type: 'resync_done', last_message_id: missed[2].id, has_more: false });
    expect(back.events.map((event) => event.type)).toEqual(['message_new', 'message_new', 'message_new', 'resync_done', 'pong']);
  });

  it('never sends a message twice when the tab asks to resync from before a message it was just sent live', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const opening = await send(anna.id, { profileId: ben.id }, 'before');
    const conversationId = opening.message.conversation_id;
    const away = await ctx.connect(ben.id);
    away.ws.close();
    await away.closed;
    const missed = (await send(anna.id, { conversationId }, 'while away')).message;

    // The new socket is subscribed at once: a message arrives live before the tab's resync
    // request (which still carries the cursor from before it) reaches the server.
    const back = await ctx.connect(ben.id);
    const live = (await send(anna.id, { conversationId }, 'live, before the resync')).message;
    await back.waitFor('message_new', (event) => event.message.id === live.id);
    back.send({ type: 'resync', after_message_id: opening.message.id });
    await back.waitFor('resync_done');
    // Asked again from the same cursor (an end-of-session check): still nothing twice.
    back.send({ type: 'resync', after_message_id: opening.message.id });
    await back.waitFor('resync_done', () => back.of('resync_done').length === 2);
    await back.roundTrip();

    expect(back.of('message_new').map((event) => event.message.id)).toEqual([live.id, missed.id]);
  });

  it('never sends a message twice when its live event arrives after a resync already sent it', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const opening = await send(anna.id, { profileId: ben.id }, 'before');
    const away = await ctx.connect(ben.id);
    away.ws.close();
    await away.closed;
    const missed = (await send(anna.id, { conversationId: opening.message.conversation_id }, 'while away')).message;

    const back = await ctx.connect(ben.id);
    back.send({ type: 'resync', after_message_id: opening.message.id });
    await back.waitFor('resync_done');
    // The bus lagging behind the commit: the live event comes once the resync is over.
    await ctx.bus.publish(ben.id, { type: 'message_new', message: missed });
    await back.roundTrip();

    expect(back.of('message_new').map((event) => event.message.id)).toEqual([missed.id]);
  });

  it('gives a tab without a cursor only the newest id, so a page load replays no history', async () => {
    const [anna, ben, eve] = await Promise.all([member(), member('male'), member('male')]);
    const opening = await send(anna.id, { profileId: ben.id }, 'old news');
    const newest = await send(ben.id, { conversationId: opening.message.conversation_id }, 'also old');
    await send(eve.id, { profileId: anna.id }, 'not for Ben');

    const tab = await ctx.connect(ben.id);
    tab.send({ type: 'resync' });
    expect(await tab.waitFor('resync_done')).toEqual({ type: 'resync_done', last_message_id: newest.message.id, has_more: false });
    await tab.roundTrip();
    expect(tab.of('message_new')).toEqual([]);

    // From that cursor, the resync after a reconnect brings exactly what came while away.
    tab.ws.close();
    await tab.closed;
    const later = await send(anna.id, { conversationId: opening.message.conversation_id }, 'new');
    const back = await ctx.connect(ben.id);
    back.send({ type: 'resync', after_message_id: newest.message.id });
    await back.waitFor('resync_done');
    await back.roundTrip();
    expect(back.of('message_new').map((event) => event.message.id)).toEqual([later.message.id]);
  });

  it('refuses a tab without a valid session cookie', async () => {
    const noCookie = await ctx.connectWith({ origin: ctx.origin });
    expect(await noCookie.closed).toEqual({ code: WS_CLOSE.authenticationRequired, reason: 'authentication_required' });
    const stale = await ctx.connectWith({ origin: ctx.origin, cookie: 'rdv_session=not-a-real-token' });
    expect((await stale.closed).code).toBe(WS_CLOSE.authenticationRequired);
  });

  it('refuses a cross-site page before the upgrade', async () => {
    const anna = await member();
    const token = await ctx.services.sessions.start(anna.id, 'vitest');
    await expect(TestSocket.open(ctx.url, { origin: 'https://evil.example', cookie: `rdv_session=${token}` })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    await expect(TestSocket.open(ctx.url, { 'sec-fetch-site': 'cross-site', cookie: `rdv_session=${token}` })).rejects.toThrow('403');
  });

  it('ignores invalid messages and closes the socket after twenty', async () => {
    const tab = await ctx.connect((await member()).id);
    for (let index = 0; index < 19; index++) tab.send(index % 2 ? 'not json' : { type: 'shout', text: 'hi' });
    await tab.roundTrip();
    expect(tab.ws.readyState).toBe(tab.ws.OPEN);
    tab.send({ type: 'typing', conversation_id: -1 });
    expect((await tab.closed).code).toBe(WS_CLOSE.tooManyInvalidMessages);
  });

  it('drops a tab that stops answering pings, and keeps one that answers', async () => {
    const anna = await member();
    const token = await ctx.services.sessions.start(anna.id, 'vitest');
    const silent = await TestSocket.open(ctx.url, { origin: ctx.origin, cookie: `rdv_session=${token}` }, { autoPong: false });
    const alive = await ctx.connect(anna.id);
    expect((await silent.closed).code).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
  });

  it('unsubscribes a member from the bus when their last tab closes', async () => {
    const bus = ctx.bus as MemoryBus;
    const anna = await member();
    const tabs = await Promise.all([ctx.connect(anna.id), ctx.connect(anna.id)]);
    expect(bus.hasSubscribers(anna.id)).toBe(true);
    tabs[0].ws.close();
    await tabs[0].closed;
    await tabs[1].roundTrip();
    expect(bus.hasSubscribers(anna.id)).toBe(true);
    tabs[1].ws.close();
    await tabs[1].closed;
    await vi.waitFor(() => expect(bus.hasSubscribers(anna.id)).toBe(false));
  });

  it('tells a member live about a new like, and drops the likes badge once they open the liker’s profile', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const annaTab = await ctx.connect(anna.id);

    await ctx.services.likes.like(ben.id, anna.id);
    expect(await annaTab.waitFor('like_new')).toEqual({ type: 'like_new', profile_id: ben.id });
    expect(await annaTab.waitFor('counters')).toEqual({ type: 'counters', unread_messages: 0, new_likes: 1 });
    // Liking again changes nothing and says nothing.
    await ctx.services.likes.like(ben.id, anna.id);

    await ctx.services.members.view(site, ben.id, anna.id);
    await annaTab.waitFor('counters', (event) => event.new_likes === 0);
    await annaTab.roundTrip();
    expect(annaTab.of('like_new')).toHaveLength(1);
  });

  it('shows no typing between members where one blocked the other', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const { message } = await send(anna.id, { profileId: ben.id });
    await ctx.services.blocks.block(anna.id, ben.id);
    const [annaTab, benTab] = await Promise.all([ctx.connect(anna.id), ctx.connect(ben.id)]);
    benTab.send({ type: 'typing', conversation_id: message.conversation_id });
    await benTab.roundTrip();
    await annaTab.roundTrip();
    expect(annaTab.of('typing')).toEqual([]);
    // Not treated as abuse: the socket stays open.
    expect(benTab.of('pong')).toHaveLength(1);
  });

  it('closes the sockets of a session that logs out, and only those', async () => {
    const anna = await member();
    const token = await ctx.services.sessions.start(anna.id, 'vitest');
    const loggingOut = await ctx.connectWith({ cookie: `rdv_session=${token}` });
    await loggingOut.roundTrip();
    const otherDevice = await ctx.connect(anna.id);

    const response = await ctx.app.inject({ url: '/api/logout.php', cookies: { rdv_session: token } });
    expect(response.statusCode).toBe(200);
    expect(await loggingOut.closed).toEqual({ code: WS_CLOSE.authenticationRequired, reason: 'authentication_required' });
    await otherDevice.roundTrip();
    expect(otherDevice.of('session_ended')).toEqual([]);
  });

  describe('every way a session ends closes its tabs at once, long before the periodic session check', () => {
    /** A signed-up member with two devices, each with an open tab; the periodic check is 10 s away. */
    async function memberWithTwoDevices() {
      const { user, input, token: first } = await signUpMember(ctx, site);
      const second = await ctx.services.sessions.start(user.id, 'vitest');
      const tabs = await Promise.all([first, second].map((token) => ctx.connectWith({ cookie: `rdv_session=${token}`, origin: ctx.origin })));
      await Promise.all(tabs.map((tab) => tab.roundTrip()));
      return { user, input, tokens: [first, second], tabs };
    }
    const closedWithin = (tab: TestSocket, ms = 1500) =>
      Promise.race([tab.closed, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);
    const loggedOut = { code: WS_CLOSE.authenticationRequired, reason: 'authentication_required' };

    it('a password change: every tab of the old sessions, this device’s too; the new session connects', async () => {
      const { input, tokens, tabs } = await memberWithTwoDevices();
      const change = await ctx.app.inject({
        method: 'PUT',
        url: '/api/password.php',
        cookies: { rdv_session: tokens[0] },
        payload: { old_password: input.password, new_password: 'a whole new secret phrase', new_password_confirm: 'a whole new secret phrase' },
      });
      expect(change.statusCode).toBe(200);
      for (const tab of tabs) expect(await closedWithin(tab)).toEqual(loggedOut);
      const fresh = change.cookies.find((cookie) => cookie.name === 'rdv_session')!.value;
      const reconnected = await ctx.connectWith({ cookie: `rdv_session=${fresh}`, origin: ctx.origin });
      await reconnected.roundTrip();
      expect(await closedWithin(reconnected, 300)).toBe('still open');
    });

    it('a password reset from the mailed link', async () => {
      const { input, tabs } = await memberWithTwoDevices();
      await ctx.services.passwords.requestReset(site, input.email!, { client: { ip: '198.51.100.7' }, memberId: null });
      const reset = await ctx.app.inject({
        method: 'PUT',
        url: '/api/password-reset.php',
        payload: { token: tokenFromLastMail(ctx, input.email!), password: 'a whole new secret phrase', password_confirm: 'a whole new secret phrase' },
      });
      expect(reset.statusCode).toBe(200);
      for (const tab of tabs) expect(await closedWithin(tab)).toEqual(loggedOut);
    });

    it('deleting the account', async () => {
      const { input, tokens, tabs } = await memberWithTwoDevices();
      const deletion = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/account.php',
        cookies: { rdv_session: tokens[1] },
        payload: { reason: 'other', password: input.password },
      });
      expect(deletion.statusCode).toBe(200);
      for (const tab of tabs) expect(await closedWithin(tab)).toEqual(loggedOut);
    });

    it('a new log-in in the same browser ends the session it replaces', async () => {
      const { input, tokens, tabs } = await memberWithTwoDevices();
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/user.php',
        cookies: { rdv_session: tokens[0] },
        payload: { email: input.email, password: input.password },
      });
      expect(login.statusCode).toBe(200);
      expect(await closedWithin(tabs[0])).toEqual(loggedOut);
      await tabs[1].roundTrip();
      expect(await closedWithin(tabs[1], 100)).toBe('still open');
    });

    it('no paid message goes out over a tab whose session a password change ended', async () => {
      const paying = await createSite(ctx.db, { messageCredits: 10, freeMessages: 0, freeConversations: 100 });
      const { user, input, token } = await signUpMember(ctx, paying);
      const ben = await createVisibleMember(ctx, paying, { gender: 'male' });
      const tab = await ctx.connectWith({ cookie: `rdv_session=${token}`, origin: ctx.origin });
      await tab.roundTrip();
      await ctx.services.passwords.change(
        paying,
        user.id,
        { old: input.password!, new: 'a whole new secret phrase', confirm: 'a whole new secret phrase' },
        { ip: '198.51.100.7' },
      );
      expect(await closedWithin(tab)).toEqual(loggedOut);
      tab.send({ type: 'send_message', profile_id: ben.id, text: 'Still here?', client_id: `after-change-${Date.now()}` });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await ctx.services.chat.listChats(user.id)).chats).toEqual([]);
      expect(tab.of('message_sent')).toEqual([]);
    });
  });
});

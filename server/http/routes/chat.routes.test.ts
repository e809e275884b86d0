import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { CHAT_UNDO_WINDOW_MS } from '../../domain/chat/chat.service';
import { bookCredits } from '../../domain/credits/ledger';
import type { SiteRow } from '../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, freeMessages: 0, messageCredits: 10 });
});
afterAll(() => ctx.close());

async function loggedIn(options: Parameters<typeof createVisibleMember>[2] = {}) {
  const user = await createVisibleMember(ctx, site, options);
  return { id: user.id, cookies: { rdv_session: await ctx.services.sessions.start(user.id, 'test') } };
}

describe('chat API', () => {
  it('needs a member', async () => {
    expect((await ctx.app.inject({ url: '/api/chats.php' })).statusCode).toBe(403);
  });

  it('answers a send without credits with 402 and the spec’s text', async () => {
    const sender = await loggedIn({ gender: 'male' });
    const recipient = await loggedIn();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      cookies: sender.cookies,
      payload: { profile_id: recipient.id, text: 'Hi', client_id: 'client-0001' },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('You do not have enough credits');
  });

  it('sends, lists, pages and deletes, once per client id', async () => {
    const sender = await loggedIn({ gender: 'male', paidUser: true });
    const recipient = await loggedIn();
    await bookCredits(ctx.db, { userId: sender.id, delta: 50, reason: 'adjustment', at: ctx.clock.now() });
    const payload = { profile_id: recipient.id, text: '<script>alert(1)</script>', client_id: 'client-0002' };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/messages.php', cookies: sender.cookies, payload });
    const retry = await ctx.app.inject({ method: 'POST', url: '/api/messages.php', cookies: sender.cookies, payload });
    expect(first.statusCode).toBe(201);
    expect(retry.json().message.id).toBe(first.json().message.id);
    expect(retry.json().credits).toBe(40);
    const conversationId = first.json().message.conversation_id;

    const chats = (await ctx.app.inject({ url: '/api/chats.php', cookies: recipient.cookies })).json();
    expect(chats).toMatchObject({
      total_unread_messages: 1,
      chats: [{ conversation: { id: conversationId }, last_message: { text: '<script>alert(1)</script>' } }],
    });
    const history = (await ctx.app.inject({ url: `/api/messages.php?conversation=${conversationId}`, cookies: recipient.cookies })).json();
    expect(history.messages).toHaveLength(1);
    // Reading the history is a GET and leaves the message unread; the page's POST marks it read.
    expect((await ctx.app.inject({ url: '/api/chats.php', cookies: recipient.cookies })).json().total_unread_messages).toBe(1);
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages-read.php',
      cookies: recipient.cookies,
      payload: { conversation: { id: conversationId } },
    });
    expect(read.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/chats.php', cookies: recipient.cookies })).json().total_unread_messages).toBe(0);

    const outsider = await loggedIn();
    expect((await ctx.app.inject({ url: `/api/messages.php?conversation=${conversationId}`, cookies: outsider.cookies })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/messages-read.php', cookies: outsider.cookies, payload: { conversation: { id: conversationId } } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/chat.php', cookies: outsider.cookies, payload: { conversation: { id: conversationId } } }))
        .statusCode,
    ).toBe(404);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/chat.php',
      cookies: recipient.cookies,
      payload: { conversation: { id: conversationId } },
    });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/chats.php', cookies: recipient.cookies })).json().chats).toEqual([]);

    // Undo: only the member's own, repeatable, and refused with 410 once too late.
    const restore = (cookies: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/chat-restore.php', cookies, payload: { conversation: { id: conversationId } } });
    expect((await restore(outsider.cookies)).statusCode).toBe(404);
    expect((await restore(recipient.cookies)).statusCode).toBe(200);
    expect((await restore(recipient.cookies)).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/chats.php', cookies: recipient.cookies })).json().chats).toMatchObject([
      { conversation: { id: conversationId } },
    ]);
    await ctx.app.inject({ method: 'DELETE', url: '/api/chat.php', cookies: recipient.cookies, payload: { conversation: { id: conversationId } } });
    ctx.clock.advance(CHAT_UNDO_WINDOW_MS + 1);
    const late = await restore(recipient.cookies);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ error: 'chat_undo_expired', message: 'Too late to undo: the chat stays deleted.' });
  });

  it('marks nothing read from a cross-site page', async () => {
    const sender = await loggedIn({ gender: 'male', paidUser: true });
    const recipient = await loggedIn();
    await bookCredits(ctx.db, { userId: sender.id, delta: 50, reason: 'adjustment', at: ctx.clock.now() });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      cookies: sender.cookies,
      payload: { profile_id: recipient.id, text: 'Hi', client_id: 'client-0004' },
    });
    const conversationId = sent.json().message.conversation_id;
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    expect((await ctx.app.inject({ url: `/api/messages.php?conversation=${conversationId}`, cookies: recipient.cookies, headers: crossSite })).statusCode).toBe(
      200,
    );
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages-read.php',
      cookies: recipient.cookies,
      headers: crossSite,
      payload: { conversation: { id: conversationId } },
    });
    expect(forged.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/chats.php', cookies: recipient.cookies })).json().total_unread_messages).toBe(1);
  });

  it('refuses a send naming both a profile and a conversation', async () => {
    const sender = await loggedIn();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      cookies: sender.cookies,
      payload: { profile_id: 1, conversation_id: 1, text: 'x', client_id: 'client-0003' },
    });
    expect(response.statusCode).toBe(400);
  });
});

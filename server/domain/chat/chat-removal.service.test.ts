import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { failure } from '../../../tests/setup/failure';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';
import { bookCredits } from '../credits/ledger';
import { CHAT_UNDO_WINDOW_MS } from './chat.service';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { messageCredits: 10, freeMessages: 5 });
});
afterAll(() => ctx.close());

let next = 0;
const clientId = () => `removal-${++next}`;

/** Anna writes to Ben twice; Ben has the conversation with two unread messages. */
async function conversationWithUnread() {
  const anna = await createVisibleMember(ctx, site, { paidUser: true });
  const ben = await createVisibleMember(ctx, site, { gender: 'male' });
  await bookCredits(ctx.db, { userId: anna.id, delta: 100, reason: 'adjustment', at: ctx.clock.now() });
  const { message } = await ctx.services.chat.send(site, anna.id, { profileId: ben.id, kind: 'text', text: 'Hi Ben', clientId: clientId() });
  const conversationId = message.conversation_id;
  await ctx.services.chat.send(site, anna.id, { conversationId, kind: 'text', text: 'Still there?', clientId: clientId() });
  return { anna, ben, conversationId };
}

describe('chat.restore', () => {
  it('brings a deleted chat back with its history and unread count, and repeating it changes nothing', async () => {
    const { ben, conversationId } = await conversationWithUnread();
    await ctx.services.chat.remove(ben.id, conversationId);
    // A retried delete keeps what the first one will restore.
    await ctx.services.chat.remove(ben.id, conversationId);
    expect((await ctx.services.chat.listChats(ben.id)).chats).toEqual([]);

    ctx.clock.advance(CHAT_UNDO_WINDOW_MS - 1_000);
    await ctx.services.chat.restore(ben.id, conversationId);
    await ctx.services.chat.restore(ben.id, conversationId);
    const list = await ctx.services.chat.listChats(ben.id);
    expect(list).toMatchObject({ total_unread_messages: 2, chats: [{ conversation: { id: conversationId }, num_unread_messages: 2 }] });
    const history = await ctx.services.chat.history(site, ben.id, conversationId, null);
    expect(history.messages.map((m) => m.text)).toEqual(['Still there?', 'Hi Ben']);
  });

  it('keeps what arrived after the delete when the chat comes back', async () => {
    const { anna, ben, conversationId } = await conversationWithUnread();
    await ctx.services.chat.remove(ben.id, conversationId);
    await ctx.services.chat.send(site, anna.id, { conversationId, kind: 'text', text: 'Hello?', clientId: clientId() });
    await ctx.services.chat.restore(ben.id, conversationId);
    expect((await ctx.services.chat.listChats(ben.id)).total_unread_messages).toBe(3);
    const history = await ctx.services.chat.history(site, ben.id, conversationId, null);
    expect(history.messages.map((m) => m.text)).toEqual(['Hello?', 'Still there?', 'Hi Ben']);
  });

  it('refuses once the undo window has passed: the chat stays deleted', async () => {
    const { ben, conversationId } = await conversationWithUnread();
    await ctx.services.chat.remove(ben.id, conversationId);
    ctx.clock.advance(CHAT_UNDO_WINDOW_MS + 1);
    expect((await failure(ctx.services.chat.restore(ben.id, conversationId))).code).toBe('chat_undo_expired');
    expect((await ctx.services.chat.listChats(ben.id)).chats).toEqual([]);
  });

  it('undoes only the member’s own deletion, never the other member’s or a stranger’s', async () => {
    const { anna, ben, conversationId } = await conversationWithUnread();
    const eve = await createVisibleMember(ctx, site, { gender: 'male' });
    await ctx.services.chat.remove(ben.id, conversationId);
    expect((await failure(ctx.services.chat.restore(eve.id, conversationId))).code).toBe('not_found');
    // Anna never deleted it: her undo is a no-op, and Ben's chat stays deleted.
    await ctx.services.chat.restore(anna.id, conversationId);
    expect((await ctx.services.chat.listChats(ben.id)).chats).toEqual([]);
    expect((await ctx.services.chat.listChats(anna.id)).chats).toHaveLength(1);
  });
});

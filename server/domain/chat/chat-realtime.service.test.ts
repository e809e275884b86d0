import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../contract/ws-events';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createChatRepository } from '../../db/repositories/chat.repository';
import { createLikesRepository } from '../../db/repositories/likes.repository';
import { messages, type SiteRow } from '../../db/schema/index';
import { createRealtimeChatEvents } from './chat-events';
import { RESYNC_LIMIT } from './chat-realtime.service';
import { createMemberCounters } from './member-counters';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  // Free messages, so these tests are about who hears what, not about credits.
  site = await createSite(ctx.db, { messageCredits: 0, freeConversations: 100 });
});
afterAll(() => ctx.close());

let next = 0;
const send = (senderId: number, to: { profileId?: number; conversationId?: number }, body = 'Hello there!') =>
  ctx.services.chat.send(site, senderId, { ...to, kind: 'text', text: body, clientId: `realtime-${++next}-${Date.now()}` });

/** Anna wrote to Ben once. */
async function pair() {
  const anna = await createVisibleMember(ctx, site, { name: 'Anna', gender: 'female', seeking: 'male', paidUser: true });
  const ben = await createVisibleMember(ctx, site, { name: 'Ben', gender: 'male', seeking: 'female', paidUser: true });
  const first = await send(anna.id, { profileId: ben.id }, 'Hi Ben');
  return { anna, ben, conversationId: first.message.conversation_id, firstId: first.message.id };
}

/** The events a member's tabs would get, in order. */
function recordingPublisher() {
  const published: { to: number; event: ServerEvent }[] = [];
  return {
    published,
    publish: async (to: number, event: ServerEvent) => void published.push({ to, event }),
    to: (memberId: number) => published.filter((entry) => entry.to === memberId).map((entry) => entry.event),
  };
}

/** Time for an event that must not come to have come, had it been sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const counters = () => createMemberCounters({ chat: createChatRepository(ctx.db), likes: createLikesRepository(ctx.db) });

describe('chatRealtime.decideTyping', () => {
  it('relays typing to the other member of the conversation, both ways', async () => {
    const { anna, ben, conversationId } = await pair();
    expect(await ctx.services.chatRealtime.decideTyping(anna.id, conversationId)).toEqual({ outcome: 'relay', recipientId: ben.id });
    expect(await ctx.services.chatRealtime.decideTyping(ben.id, conversationId)).toEqual({ outcome: 'relay', recipientId: anna.id });
  });

  it('refuses a conversation the member is not part of, as a probe', async () => {
    const { conversationId } = await pair();
    const carl = await createVisibleMember(ctx, site, { name: 'Carl', gender: 'male', seeking: 'female' });
    expect(await ctx.services.chatRealtime.decideTyping(carl.id, conversationId)).toEqual({ outcome: 'not_member' });
    expect(await ctx.services.chatRealtime.decideTyping(carl.id, 2_000_000_000)).toEqual({ outcome: 'not_member' });
  });

  it('shows typing in neither direction once either member blocked the other', async () => {
    const { anna, ben, conversationId } = await pair();
    await ctx.services.blocks.block(anna.id, ben.id);
    expect(await ctx.services.chatRealtime.decideTyping(anna.id, conversationId)).toEqual({ outcome: 'withheld' });
    expect(await ctx.services.chatRealtime.decideTyping(ben.id, conversationId)).toEqual({ outcome: 'withheld' });
    await ctx.services.blocks.unblock(anna.id, ben.id);
    expect(await ctx.services.chatRealtime.decideTyping(ben.id, conversationId)).toEqual({ outcome: 'relay', recipientId: anna.id });
  });
});

describe('chatRealtime.resyncSince', () => {
  it('gives a tab without a cursor only the cursor: the newest message it may see', async () => {
    const { ben, conversationId } = await pair();
    const reply = await send(ben.id, { conversationId }, 'Hi Anna');
    expect(await ctx.services.chatRealtime.resyncSince(ben.id, undefined)).toEqual({ messages: [], lastMessageId: reply.message.id, hasMore: false });
  });

  it('gives the messages after the cursor, oldest first, and the new cursor', async () => {
    const { anna, ben, conversationId, firstId } = await pair();
    await send(ben.id, { conversationId }, 'Hi Anna');
    const last = await send(anna.id, { conversationId }, 'How are you?');
    const missed = await ctx.services.chatRealtime.resyncSince(ben.id, firstId);
    expect(missed.messages.map((message) => [message.conversation_id, message.text])).toEqual([
      [conversationId, 'Hi Anna'],
      [conversationId, 'How are you?'],
    ]);
    expect(missed).toMatchObject({ lastMessageId: last.message.id, hasMore: false });
    expect(await ctx.services.chatRealtime.resyncSince(ben.id, last.message.id)).toEqual({ messages: [], lastMessageId: last.message.id, hasMore: false });
  });

  it('withholds a blocker’s conversation from the blocked member, not from the blocker (ADR 0021)', async () => {
    const { anna, ben, firstId } = await pair();
    await ctx.services.blocks.block(anna.id, ben.id);
    expect((await ctx.services.chatRealtime.resyncSince(ben.id, firstId - 1)).messages).toEqual([]);
    expect((await ctx.services.chatRealtime.resyncSince(anna.id, firstId - 1)).messages.map((message) => message.id)).toEqual([firstId]);
  });

  it('says there is more when one answer is full', async () => {
    const { anna, ben, conversationId, firstId } = await pair();
    const at = ctx.clock.now();
    await ctx.db.insert(messages).values(
      Array.from({ length: RESYNC_LIMIT + 1 }, (_, index) => ({
        conversationId,
        senderId: anna.id,
        kind: 'text' as const,
        body: `#${index}`,
        clientId: `bulk-${next}-${index}`,
        createdAt: at,
      })),
    );
    const first = await ctx.services.chatRealtime.resyncSince(ben.id, firstId);
    expect(first.messages).toHaveLength(RESYNC_LIMIT);
    expect(first).toMatchObject({ hasMore: true, lastMessageId: first.messages[RESYNC_LIMIT - 1].id });
    const rest = await ctx.services.chatRealtime.resyncSince(ben.id, first.lastMessageId);
    expect(rest.messages.map((message) => message.text)).toEqual([`#${RESYNC_LIMIT}`]);
    expect(rest.hasMore).toBe(false);
  });
});

describe('chat events', () => {
  it('tells the reader’s tabs and the other member of a read, with the reader’s fresh counters', async () => {
    const { anna, ben, conversationId, firstId } = await pair();
    const bus = recordingPublisher();
    const events = createRealtimeChatEvents(bus, { chat: createChatRepository(ctx.db), counters: counters() });
    await ctx.services.chat.markRead(ben.id, conversationId);
    events.conversationRead(conversationId, ben.id, [firstId]);
    // The events go out once the counters are read: wait for all three, however busy the machine.
    await expect.poll(() => bus.published.length).toBe(3);
    const read = { type: 'message_read', conversation_id: conversationId, message_ids: [firstId], reader_id: ben.id };
    expect(bus.to(anna.id)).toEqual([read]);
    expect(bus.to(ben.id)).toEqual([read, { type: 'counters', unread_messages: 0 }]);
  });

  it('tells a member the reader blocked nothing of the reading (ADR 0021)', async () => {
    const { anna, ben, conversationId, firstId } = await pair();
    await ctx.services.blocks.block(ben.id, anna.id);
    const bus = recordingPublisher();
    createRealtimeChatEvents(bus, { chat: createChatRepository(ctx.db), counters: counters() }).conversationRead(conversationId, ben.id, [firstId]);
    await expect.poll(() => bus.to(ben.id).length).toBe(2);
    expect(bus.to(anna.id)).toEqual([]);
    expect(bus.to(ben.id).map((event) => event.type)).toEqual(['message_read', 'counters']);
  });

  it('tells nobody of a read in a conversation the reader is not part of', async () => {
    const { conversationId, firstId } = await pair();
    const carl = await createVisibleMember(ctx, site, { name: 'Carl', gender: 'male', seeking: 'female' });
    const bus = recordingPublisher();
    createRealtimeChatEvents(bus, { chat: createChatRepository(ctx.db), counters: counters() }).conversationRead(conversationId, carl.id, [firstId]);
    await settle();
    expect(bus.published).toEqual([]);
  });
});

describe('memberCounters', () => {
  it('counts unread messages, new likes and the balance the badges show', async () => {
    const { anna, ben } = await pair();
    await ctx.services.likes.like(anna.id, ben.id);
    expect(await counters().unread(ben.id)).toEqual({ type: 'counters', unread_messages: 1 });
    expect(await counters().unreadAndLikes(ben.id)).toEqual({ type: 'counters', unread_messages: 1, new_likes: 1 });
    expect(await counters().unreadAndCredits(ben.id, 42)).toEqual({ type: 'counters', unread_messages: 1, credits: 42 });
  });

  it('leaves a conversation withheld by a block out of the blocked member’s unread count', async () => {
    const { anna, ben } = await pair();
    await ctx.services.blocks.block(anna.id, ben.id);
    expect(await counters().unread(ben.id)).toEqual({ type: 'counters', unread_messages: 0 });
  });
});

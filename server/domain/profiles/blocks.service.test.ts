import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createChatRepository } from '../../db/repositories/chat.repository';
import { createChatSyncRepository } from '../../db/repositories/chat-sync.repository';
import { createMessagePhotosRepository } from '../../db/repositories/message-photos.repository';
import { messages, type SiteRow } from '../../db/schema/index';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  // Free messages, so these tests are about who sees what, not about credits.
  site = await createSite(ctx.db, { messageCredits: 0, freeConversations: 100 });
});
afterAll(() => ctx.close());

let next = 0;
const send = (senderId: number, to: { profileId?: number; conversationId?: number }, body = 'Hello there!') =>
  ctx.services.chat.send(site, senderId, { ...to, kind: 'text', text: body, clientId: `blocks-${++next}-${Date.now()}` });

/** Anna and Ben wrote to each other; Ben has two unread messages from Anna and a photo from her. */
async function conversationOfTwo() {
  const anna = await createVisibleMember(ctx, site, { name: 'Anna', gender: 'female', seeking: 'male', paidUser: true });
  const ben = await createVisibleMember(ctx, site, { name: 'Ben', gender: 'male', seeking: 'female', paidUser: true });
  const first = await send(anna.id, { profileId: ben.id }, 'Hi Ben');
  const conversationId = first.message.conversation_id;
  await ctx.services.chat.markRead(ben.id, conversationId);
  await send(ben.id, { conversationId }, 'Hi Anna');
  await send(anna.id, { conversationId }, 'How are you?');
  const [photo] = await ctx.db
    .insert(messages)
    .values({ conversationId, senderId: anna.id, kind: 'photo', photoFilename: 'blocked-test.webp', clientId: `photo-${++next}`, createdAt: ctx.clock.now() })
    .returning();
  await ctx.db.execute(sql`update conversation_states set unread_count = unread_count + 1 where conversation_id = ${conversationId} and user_id = ${ben.id}`);
  return { anna, ben, conversationId, photoId: photo.id };
}

const chatsOf = (memberId: number) => ctx.services.chat.listChats(memberId);
const resyncOf = (memberId: number) => createChatSyncRepository(ctx.db).messagesSince(memberId, 0, 500);

describe('blocks.block', () => {
  it('takes the conversation from the blocked member everywhere they could read it, and leaves it to the blocker', async () => {
    const { anna, ben, conversationId, photoId } = await conversationOfTwo();
    expect((await chatsOf(ben.id)).total_unread_messages).toBe(2);

    await ctx.services.blocks.block(anna.id, ben.id);

    // Ben: no conversation, no history, no resync, no unread count, no photo, no way back in by profile.
    expect(await chatsOf(ben.id)).toEqual({ chats: [], total_unread_messages: 0 });
    expect((await failure(ctx.services.chat.history(site, ben.id, conversationId, null))).code).toBe('not_found');
    expect((await resyncOf(ben.id)).filter((message) => message.conversationId === conversationId)).toEqual([]);
    expect(await createChatRepository(ctx.db).totalUnread(ben.id)).toBe(0);
    expect(await ctx.services.chat.findConversationWith(ben.id, anna.id)).toBeNull();
    expect(await createMessagePhotosRepository(ctx.db).findForMember(photoId, ben.id)).toBeNull();
    expect(await createMessagePhotosRepository(ctx.db).reveal(photoId, ben.id, ctx.clock.now())).toBeNull();
    expect((await failure(ctx.services.chat.remove(ben.id, conversationId))).code).toBe('not_found');
    const refused = await failure(send(ben.id, { conversationId }));
    expect(refused.code).toBe('blocked');
    expect((await failure(send(ben.id, { profileId: anna.id }))).code).toBe('blocked');
    const profile = await failure(ctx.services.members.view(site, anna.id, ben.id));
    expect(profile.code).toBe('blocked_by');
    expect(profile.params).toEqual({ name: 'Anna' });

    // Anna keeps it, marked as blocked, with its history; she cannot write until she unblocks.
    const annas = await chatsOf(anna.id);
    expect(annas.chats).toMatchObject([{ conversation: { id: conversationId }, profile: { id: ben.id, name: 'Ben' }, blocked: true }]);
    expect((await ctx.services.chat.history(site, anna.id, conversationId, null)).messages.map((message) => message.text)).toEqual([
      '',
      'How are you?',
      'Hi Anna',
      'Hi Ben',
    ]);
    expect(await ctx.services.chat.findConversationWith(anna.id, ben.id)).toBe(conversationId);
    expect((await failure(send(anna.id, { conversationId }))).code).toBe('blocked');
    expect((await ctx.services.members.view(site, ben.id, anna.id)).blocked).toBe(true);
  });

  it('gives the conversation back, with its unread messages, when the blocker unblocks', async () => {
    const { anna, ben, conversationId, photoId } = await conversationOfTwo();
    await ctx.services.blocks.block(anna.id, ben.id);
    await ctx.services.blocks.unblock(anna.id, ben.id);

    expect(await chatsOf(ben.id)).toMatchObject({
      chats: [{ conversation: { id: conversationId }, num_unread_messages: 2, blocked: false }],
      total_unread_messages: 2,
    });
    expect(await createChatRepository(ctx.db).totalUnread(ben.id)).toBe(2);
    expect((await resyncOf(ben.id)).filter((message) => message.conversationId === conversationId)).toHaveLength(4);
    expect((await ctx.services.chat.history(site, ben.id, conversationId, null)).messages).toHaveLength(4);
    expect(await createMessagePhotosRepository(ctx.db).findForMember(photoId, ben.id)).not.toBeNull();
    expect((await send(ben.id, { conversationId }, 'Thanks')).message.text).toBe('Thanks');
    expect((await chatsOf(anna.id)).chats[0].blocked).toBe(false);
  });

  it('hides it from both when each blocked the other, until both unblock', async () => {
    const { anna, ben, conversationId } = await conversationOfTwo();
    await ctx.services.blocks.block(anna.id, ben.id);
    await ctx.services.blocks.block(ben.id, anna.id);
    expect((await chatsOf(anna.id)).chats).toEqual([]);
    expect((await chatsOf(ben.id)).chats).toEqual([]);
    await ctx.services.blocks.unblock(ben.id, anna.id);
    // Anna's own block still stands: she sees it as the blocker does.
    expect((await chatsOf(anna.id)).chats).toMatchObject([{ conversation: { id: conversationId }, blocked: true }]);
    expect((await chatsOf(ben.id)).chats).toEqual([]);
  });

  it('counts messages released by a later confirmation only once the block is lifted', async () => {
    const { anna, ben, conversationId } = await conversationOfTwo();
    await ctx.db
      .insert(messages)
      .values({ conversationId, senderId: anna.id, kind: 'text', body: 'held', held: true, clientId: `held-${++next}`, createdAt: ctx.clock.now() });
    await ctx.services.blocks.block(anna.id, ben.id);
    await ctx.services.chat.releaseHeldFor(ben.id);
    expect(await createChatRepository(ctx.db).totalUnread(ben.id)).toBe(0);
    await ctx.services.blocks.unblock(anna.id, ben.id);
    expect(await createChatRepository(ctx.db).totalUnread(ben.id)).toBe(3);
  });

  it('leaves blocker and blocked out of each other’s search, likes, related profiles, swipe deck and automatic likes', async () => {
    const ben = await createVisibleMember(ctx, site, { name: 'Ben', gender: 'male', seeking: 'female', country: 'BE', dateOfBirth: '1985-03-03' });
    const anna = await createVisibleMember(ctx, site, {
      name: 'Anna',
      gender: 'female',
      seeking: 'male',
      country: 'BE',
      dateOfBirth: '1986-03-03',
      isFictional: true,
    });
    const cleo = await createVisibleMember(ctx, site, { name: 'Cleo', gender: 'female', seeking: 'male', country: 'BE', dateOfBirth: '1987-03-03' });
    await ctx.services.likes.like(anna.id, ben.id);
    await ctx.services.likes.like(ben.id, anna.id);
    await ctx.services.blocks.block(anna.id, ben.id);

    const found = await ctx.services.search.search(site, { page: 1, country: 'BE' }, { memberId: ben.id, hasTrafficSource: false });
    expect(found.results.map((card) => card.id)).not.toContain(anna.id);
    const likes = await ctx.services.likes.list(ben.id);
    expect([...likes.profiles, ...likes.liked_by.map((entry) => entry.profile), ...likes.matches].map((card) => card.id)).not.toContain(anna.id);
    expect((await ctx.services.likes.list(anna.id)).liked_by).toEqual([]);
    const related = await ctx.services.members.view(site, cleo.id, ben.id);
    expect(related.related.map((card) => card.id)).not.toContain(anna.id);
    const deck = await ctx.services.swipe.deck(site, ben.id);
    expect(deck.map((card) => card.id)).not.toContain(anna.id);
    // Anna is the only fictional profile in Belgium: blocked, she never "likes" Ben automatically.
    const auto = await ctx.services.likes.autoLike(site, ben.id, 'female');
    expect(auto?.id).not.toBe(anna.id);
    expect((await failure(ctx.services.likes.like(ben.id, anna.id))).code).toBe('blocked');
  });

  it('refuses to block a member who does not exist, or oneself', async () => {
    const anna = await createVisibleMember(ctx, site);
    expect((await failure(ctx.services.blocks.block(anna.id, 2_000_000_000))).code).toBe('not_found');
    expect((await failure(ctx.services.blocks.block(anna.id, anna.id))).code).toBe('not_yourself');
  });
});

describe('blocks.list', () => {
  it('lists the members the member blocked, newest first, and drops them once unblocked', async () => {
    const anna = await createVisibleMember(ctx, site, { name: 'Anna' });
    const ben = await createVisibleMember(ctx, site, { name: 'Ben' });
    const carl = await createVisibleMember(ctx, site, { name: 'Carl', withPhotos: 0 });
    await ctx.services.blocks.block(anna.id, ben.id);
    ctx.clock.advance(1000);
    await ctx.services.blocks.block(anna.id, carl.id);
    await ctx.services.blocks.block(ben.id, anna.id);

    const listed = await ctx.services.blocks.list(anna.id);
    expect(listed.blocked).toEqual([
      { profile: { id: carl.id, name: 'Carl', main_image: null }, blocked_at: ctx.clock.now().toISOString() },
      {
        profile: { id: ben.id, name: 'Ben', main_image: { filename: expect.any(String), thumb_filename: expect.any(String), status: 'active' } },
        blocked_at: expect.any(String),
      },
    ]);
    await ctx.services.blocks.unblock(anna.id, carl.id);
    expect((await ctx.services.blocks.list(anna.id)).blocked.map((entry) => entry.profile.id)).toEqual([ben.id]);
    // Unblocking someone not blocked changes nothing.
    await ctx.services.blocks.unblock(anna.id, carl.id);
    expect((await ctx.services.blocks.list(ben.id)).blocked.map((entry) => entry.profile.id)).toEqual([anna.id]);
  });
});

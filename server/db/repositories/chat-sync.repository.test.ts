import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../schema/index';
import { createChatSyncRepository } from './chat-sync.repository';
import { createUsersRepository } from './users.repository';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { messageCredits: 0, freeConversations: 100 });
});
afterAll(() => ctx.close());

let next = 0;
const send = async (senderId: number, to: { profileId?: number; conversationId?: number }, body = 'hello') =>
  (await ctx.services.chat.send(site, senderId, { kind: 'text', text: body, clientId: `sync-${++next}-${Date.now()}`, ...to })).message;
const member = (gender: 'male' | 'female' = 'female') => createVisibleMember(ctx, site, { gender, paidUser: true });
const bodiesSince = async (memberId: number, afterId: number, limit = 500) =>
  (await createChatSyncRepository(ctx.db).messagesSince(memberId, afterId, limit)).map((row) => row.body);

describe('chatSync.messagesSince', () => {
  it('returns the member’s messages after an id, oldest first, from every conversation and no other pair’s', async () => {
    const [anna, ben, carl, eve] = await Promise.all([member(), member('male'), member('male'), member('male')]);
    const first = await send(anna.id, { profileId: ben.id }, 'a→b 1');
    await send(carl.id, { profileId: anna.id }, 'c→a');
    await send(ben.id, { conversationId: first.conversation_id }, 'b→a');
    await send(eve.id, { profileId: carl.id }, 'e→c');
    expect(await bodiesSince(anna.id, 0)).toEqual(['a→b 1', 'c→a', 'b→a']);
    expect(await bodiesSince(anna.id, first.id)).toEqual(['c→a', 'b→a']);
    expect(await bodiesSince(ben.id, first.id)).toEqual(['b→a']);
    expect(await bodiesSince(anna.id, 0, 2)).toEqual(['a→b 1', 'c→a']);
  });

  it('leaves out messages held for the member, but shows senders their own held messages', async () => {
    const [newcomer, ben] = await Promise.all([member(), member('male')]);
    await createUsersRepository(ctx.db).update(newcomer.id, { status: 'not_confirmed' });
    const opening = await send(newcomer.id, { profileId: ben.id }, 'hi, new here');
    const held = await send(ben.id, { conversationId: opening.conversation_id }, 'welcome');
    expect(held.held).toBe(true);
    expect(await bodiesSince(newcomer.id, 0)).toEqual(['hi, new here']);
    expect(await bodiesSince(ben.id, 0)).toEqual(['hi, new here', 'welcome']);
  });

  it('leaves out what the member removed, and shows a removed conversation again when a new message comes', async () => {
    const [anna, ben] = await Promise.all([member(), member('male')]);
    const old = await send(anna.id, { profileId: ben.id }, 'old');
    await ctx.services.chat.remove(ben.id, old.conversation_id);
    expect(await bodiesSince(ben.id, 0)).toEqual([]);
    expect(await bodiesSince(anna.id, 0)).toEqual(['old']);
    await send(anna.id, { conversationId: old.conversation_id }, 'new');
    expect(await bodiesSince(ben.id, 0)).toEqual(['new']);
  });
});

describe('chatSync.newestMessageId', () => {
  it('is the newest id messagesSince could return: 0 without messages, leaving out held and removed ones', async () => {
    const [newcomer, ben, carl] = await Promise.all([member(), member('male'), member('male')]);
    const sync = createChatSyncRepository(ctx.db);
    expect(await sync.newestMessageId(ben.id)).toBe(0);
    await createUsersRepository(ctx.db).update(newcomer.id, { status: 'not_confirmed' });
    const opening = await send(newcomer.id, { profileId: ben.id }, 'hi, new here');
    const held = await send(ben.id, { conversationId: opening.conversation_id }, 'welcome');
    expect(await sync.newestMessageId(newcomer.id)).toBe(opening.id);
    expect(await sync.newestMessageId(ben.id)).toBe(held.id);
    const other = await send(carl.id, { profileId: ben.id }, 'hello Ben');
    await ctx.services.chat.remove(ben.id, other.conversation_id);
    expect(await sync.newestMessageId(ben.id)).toBe(held.id);
  });
});

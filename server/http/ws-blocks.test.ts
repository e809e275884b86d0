import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createRealtimeTestContext, type RealtimeTestContext } from '../../tests/setup/realtime';
import type { SiteRow } from '../db/schema/index';

let ctx: RealtimeTestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createRealtimeTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, messageCredits: 0, freeConversations: 100 });
});
afterAll(() => ctx.close());

let next = 0;
const member = (gender: 'male' | 'female') => createVisibleMember(ctx, site, { gender, paidUser: true });
const send = (senderId: number, to: { profileId?: number; conversationId?: number }, body = 'Hello') =>
  ctx.services.chat.send(site, senderId, { ...to, kind: 'text', text: body, clientId: `ws-blocks-${++next}-${Date.now()}` });

describe('GET /api/ws after a block (ADR 0021)', () => {
  it('drops the conversation from the blocked member’s open tabs and their badge, and sends them nothing more of it', async () => {
    const [anna, ben] = await Promise.all([member('female'), member('male')]);
    const first = await send(anna.id, { profileId: ben.id }, 'one');
    const conversationId = first.message.conversation_id;
    await send(anna.id, { conversationId }, 'two');
    const [benTab, annaTab] = await Promise.all([ctx.connect(ben.id), ctx.connect(anna.id)]);

    await ctx.services.blocks.block(anna.id, ben.id);
    expect(await benTab.waitFor('conversation_removed')).toEqual({ type: 'conversation_removed', conversation_id: conversationId });
    expect(await benTab.waitFor('counters')).toEqual({ type: 'counters', unread_messages: 0 });

    // Anna reads the conversation she kept: Ben hears no read receipt.
    await ctx.services.chat.markRead(anna.id, conversationId);
    await ctx.services.chat.markRead(ben.id, conversationId).catch(() => undefined);
    await annaTab.roundTrip();
    await benTab.roundTrip();
    expect(benTab.of('message_read')).toEqual([]);
    expect(annaTab.of('conversation_removed')).toEqual([]);

    // A reconnecting tab asks for everything since 0: nothing of the withheld conversation comes back.
    benTab.send({ type: 'resync', after_message_id: 0 });
    expect(await benTab.waitFor('resync_done')).toEqual({ type: 'resync_done', last_message_id: 0, has_more: false });
    expect(benTab.of('message_new')).toEqual([]);
  });

  it('gives the blocked member their unread count back when the block is lifted', async () => {
    const [anna, ben] = await Promise.all([member('female'), member('male')]);
    const first = await send(anna.id, { profileId: ben.id }, 'one');
    await send(anna.id, { conversationId: first.message.conversation_id }, 'two');
    await ctx.services.blocks.block(anna.id, ben.id);
    const benTab = await ctx.connect(ben.id);

    await ctx.services.blocks.unblock(anna.id, ben.id);
    expect(await benTab.waitFor('counters')).toEqual({ type: 'counters', unread_messages: 2 });
    benTab.send({ type: 'resync', after_message_id: 0 });
    await benTab.waitFor('resync_done');
    expect(benTab.of('message_new').map((event) => event.message.text)).toEqual(['one', 'two']);
  });
});

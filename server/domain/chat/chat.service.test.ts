import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createChatRepository } from '../../db/repositories/chat.repository';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { bookCredits } from '../credits/ledger';
import { createProfilesRepository } from '../../db/repositories/profiles.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import type { AppError } from '../shared/app-error';
import { createChatService } from './chat.service';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, {
    messageCredits: 10,
    freeMessages: 2,
    freeConversations: 2,
    messageLength: 200,
    minimumMessageCosts: { DE: { costs: 12, currency: 'EUR' } },
  });
});
afterAll(() => ctx.close());

let next = 0;
const text = (profileId: number, body = 'Hello there!') => ({ profileId, kind: 'text' as const, text: body, clientId: `client-${++next}-${Date.now()}` });

async function giveCredits(userId: number, amount: number) {
  await bookCredits(ctx.db, { userId, delta: amount, reason: 'adjustment', at: ctx.clock.now() });
}

describe('chat.send', () => {
  it('lets a free member send the free messages, then charges each message', async () => {
    const sender = await createVisibleMember(ctx, site, { gender: 'male' });
    const recipient = await createVisibleMember(ctx, site);
    await giveCredits(sender.id, 15);
    expect((await ctx.services.chat.send(site, sender.id, text(recipient.id))).credits).toBe(15);
    expect((await ctx.services.chat.send(site, sender.id, text(recipient.id))).credits).toBe(15);
    const paid = await ctx.services.chat.send(site, sender.id, text(recipient.id));
    expect(paid).toMatchObject({ credits: 5, message: { credits_spent: 10 } });
    const refused = await failure(ctx.services.chat.send(site, sender.id, text(recipient.id)));
    expect(refused.code).toBe('insufficient_credits');
    expect(await createCreditsRepository(ctx.db).sumForUser(sender.id)).toBe(5);
  });

  it('charges at least the minimum message cost of the sender’s country', async () => {
    const sender = await createVisibleMember(ctx, site, { gender: 'male', country: 'DE', paidUser: true });
    const recipient = await createVisibleMember(ctx, site);
    await giveCredits(sender.id, 30);
    expect((await ctx.services.chat.send(site, sender.id, text(recipient.id))).message.credits_spent).toBe(12);
  });

  it('never charges twice for one client id', async () => {
    const sender = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    const recipient = await createVisibleMember(ctx, site);
    await giveCredits(sender.id, 100);
    const input = text(recipient.id);
    const [first, again, third] = await Promise.all([
      ctx.services.chat.send(site, sender.id, input),
      ctx.services.chat.send(site, sender.id, input),
      ctx.services.chat.send(site, sender.id, input),
    ]);
    expect(again.message.id).toBe(first.message.id);
    expect(third.message.id).toBe(first.message.id);
    expect((await createUsersRepository(ctx.db).findById(sender.id))!.credits).toBe(90);
  });

  it('sends exactly as many messages as the credits pay for, under 1,000 concurrent sends', async () => {
    const sender = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    const recipient = await createVisibleMember(ctx, site);
    await giveCredits(sender.id, 1000);
    const results = await Promise.allSettled(Array.from({ length: 1000 }, () => ctx.services.chat.send(site, sender.id, text(recipient.id))));
    const sent = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason.code);
    expect(sent).toHaveLength(100);
    expect(new Set(refused)).toEqual(new Set(['insufficient_credits']));
    const balance = (await createUsersRepository(ctx.db).findById(sender.id))!.credits;
    expect(balance).toBe(0);
    expect(await createCreditsRepository(ctx.db).sumForUser(sender.id)).toBe(balance);
  }, 120_000);

  it('keeps balances, ledgers, unread counts and each conversation’s order exact when members with several conversations send at once', async () => {
    const members = await Promise.all([0, 1, 2, 3].map(() => createVisibleMember(ctx, site, { gender: 'male', paidUser: true })));
    for (const member of members) await giveCredits(member.id, 1000);
    // Every pair opens its conversation, so each member writes in three conversations. Small
    // batches, with a second one starting whenever anything waits: batches committing side by
    // side share senders and must still never deadlock.
    const chat = createChatService({
      db: ctx.db,
      chat: createChatRepository(ctx.db),
      users: createUsersRepository(ctx.db),
      profiles: createProfilesRepository(ctx.db),
      clock: ctx.clock,
      batching: { maxBatchSize: 4, backlogForAnotherBatch: 1 },
    });
    const conversations = new Map<string, number>();
    for (const [a, b] of [
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]) {
      const opened = await chat.send(site, members[a].id, text(members[b].id));
      conversations.set(`${a}-${b}`, opened.message.conversation_id).set(`${b}-${a}`, opened.message.conversation_id);
    }
    const before = await Promise.all(members.map(async (member) => (await createUsersRepository(ctx.db).findById(member.id))!.credits));
    const unreadBefore = await Promise.all(members.map(async (member) => (await ctx.services.chat.listChats(member.id)).total_unread_messages));

    const sends = Array.from({ length: 300 }, (_, index) => {
      const from = index % 4;
      const to = (from + 1 + (Math.floor(index / 4) % 3)) % 4;
      return {
        from,
        to,
        input: {
          conversationId: conversations.get(`${from}-${to}`)!,
          kind: 'text' as const,
          text: `message ${index}`,
          clientId: `parallel-${index}-${Date.now()}`,
        },
      };
    });
    const results = await Promise.all(sends.map((send) => chat.send(site, members[send.from].id, send.input)));

    for (const [index, member] of members.entries()) {
      const spent = results.filter((_, at) => sends[at].from === index).reduce((sum, result) => sum + result.message.credits_spent, 0);
      const balance = (await createUsersRepository(ctx.db).findById(member.id))!.credits;
      expect(balance).toBe(before[index] - spent);
      expect(await createCreditsRepository(ctx.db).sumForUser(member.id)).toBe(balance);
      const received = sends.filter((send) => send.to === index).length;
      expect((await ctx.services.chat.listChats(member.id)).total_unread_messages).toBe(unreadBefore[index] + received);
    }
    // One conversation's sends commit in the order they were made.
    for (const conversationId of new Set(conversations.values())) {
      const ids = results.filter((result) => result.message.conversation_id === conversationId).map((result) => result.message.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
  }, 60_000);

  it('refuses one member without credits without failing the others sent in the same batch', async () => {
    const [rich, poor, recipient] = await Promise.all([
      createVisibleMember(ctx, site, { gender: 'male', paidUser: true }),
      createVisibleMember(ctx, site, { gender: 'male', paidUser: true }),
      createVisibleMember(ctx, site),
    ]);
    await giveCredits(rich.id, 30);
    const results = await Promise.allSettled([
      ctx.services.chat.send(site, rich.id, text(recipient.id)),
      ctx.services.chat.send(site, poor.id, text(recipient.id)),
      ctx.services.chat.send(site, rich.id, text(recipient.id)),
      ctx.services.chat.send(site, poor.id, text(recipient.id, '   ')),
    ]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value.credits : (result.reason as AppError).code))).toEqual([
      20,
      'insufficient_credits',
      10,
      'message_empty',
    ]);
    expect(await createCreditsRepository(ctx.db).sumForUser(rich.id)).toBe(10);
    expect((await ctx.services.chat.listChats(recipient.id)).total_unread_messages).toBe(2);
  });

  it('answers every send with the price of the next message', async () => {
    const sender = await createVisibleMember(ctx, site, { gender: 'male' });
    const recipient = await createVisibleMember(ctx, site);
    await giveCredits(sender.id, 100);
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => ctx.services.chat.send(site, sender.id, text(recipient.id))));
    expect([first, second, third].map((sent) => [sent.message.credits_spent, sent.credits, sent.next_message_price])).toEqual([
      [0, 100, 0],
      [0, 100, 10],
      [10, 90, 10],
    ]);
    expect(await ctx.services.chat.nextMessagePrice(site, sender.id)).toBe(10);
    // A page that has the account passes what the price depends on: the same price, and a paying member's too.
    expect(await ctx.services.chat.nextMessagePrice(site, sender.id, { paidUser: false, country: 'NL' })).toBe(10);
    const fresh = await createVisibleMember(ctx, site, { gender: 'male' });
    expect(await ctx.services.chat.nextMessagePrice(site, fresh.id, { paidUser: false, country: 'NL' })).toBe(0);
    expect(await ctx.services.chat.nextMessagePrice(site, fresh.id, { paidUser: true, country: 'NL' })).toBe(10);
  });

  it('opens one conversation when two members write each other first at the same moment', async () => {
    const anna = await createVisibleMember(ctx, site, { paidUser: true });
    const ben = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    await Promise.all([giveCredits(anna.id, 100), giveCredits(ben.id, 100)]);
    const [fromAnna, fromBen] = await Promise.all([ctx.services.chat.send(site, anna.id, text(ben.id)), ctx.services.chat.send(site, ben.id, text(anna.id))]);
    expect(fromBen.message.conversation_id).toBe(fromAnna.message.conversation_id);
    expect((await ctx.services.chat.listChats(anna.id)).chats).toMatchObject([{ num_unread_messages: 1 }]);
    expect((await ctx.services.chat.listChats(ben.id)).chats).toMatchObject([{ num_unread_messages: 1 }]);
  });

  it('answers a retry after the first send committed with the first message, uncharged', async () => {
    const sender = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    const recipient = await createVisibleMember(ctx, site);
    await giveCredits(sender.id, 100);
    const input = text(recipient.id);
    const first = await ctx.services.chat.send(site, sender.id, input);
    const retry = await ctx.services.chat.send(site, sender.id, input);
    expect(retry).toEqual(first);
    expect(await createCreditsRepository(ctx.db).sumForUser(sender.id)).toBe(90);
  });

  it('lets a free member start two conversations, and answer any', async () => {
    const sender = await createVisibleMember(ctx, site, { gender: 'male' });
    const others = await Promise.all([1, 2, 3].map(() => createVisibleMember(ctx, site)));
    await giveCredits(sender.id, 100);
    await ctx.services.chat.send(site, sender.id, text(others[0].id));
    await ctx.services.chat.send(site, sender.id, text(others[1].id));
    expect((await failure(ctx.services.chat.send(site, sender.id, text(others[2].id)))).code).toBe('conversation_limit_reached');
    const writer = await createVisibleMember(ctx, site);
    await giveCredits(writer.id, 100);
    await ctx.services.chat.send(site, writer.id, text(sender.id));
    await expect(ctx.services.chat.send(site, sender.id, text(writer.id))).resolves.toBeTruthy();
  });

  it('refuses blocked members, empty and overlong messages', async () => {
    const sender = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    const recipient = await createVisibleMember(ctx, site);
    await giveCredits(sender.id, 100);
    expect((await failure(ctx.services.chat.send(site, sender.id, text(recipient.id, '   ')))).code).toBe('message_empty');
    expect((await failure(ctx.services.chat.send(site, sender.id, text(recipient.id, 'x'.repeat(201))))).code).toBe('message_too_long');
    await ctx.services.blocks.block(recipient.id, sender.id);
    expect((await failure(ctx.services.chat.send(site, sender.id, text(recipient.id)))).code).toBe('blocked');
  });

  it('holds replies to an unconfirmed member until they confirm', async () => {
    const sender = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    const newcomer = await createVisibleMember(ctx, site);
    await giveCredits(sender.id, 100);
    await createUsersRepository(ctx.db).update(newcomer.id, { status: 'not_confirmed' });
    const opening = await ctx.services.chat.send(site, newcomer.id, text(sender.id, 'Hi, I am new here'));
    const { message } = await ctx.services.chat.send(site, sender.id, {
      ...text(newcomer.id),
      profileId: undefined,
      conversationId: opening.message.conversation_id,
    });
    expect(message.held).toBe(true);
    expect((await ctx.services.chat.listChats(newcomer.id)).total_unread_messages).toBe(0);
    await createUsersRepository(ctx.db).update(newcomer.id, { status: 'active' });
    await ctx.services.chat.releaseHeldFor(newcomer.id);
    expect((await ctx.services.chat.listChats(newcomer.id)).total_unread_messages).toBe(1);
  });
});

describe('chat lists and history', () => {
  it('lists chats with unread counts, reads them on opening, and removes them for one member only', async () => {
    const anna = await createVisibleMember(ctx, site, { paidUser: true });
    const ben = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    await giveCredits(anna.id, 100);
    const { message } = await ctx.services.chat.send(site, anna.id, text(ben.id, 'Hi Ben'));
    await ctx.services.chat.send(site, anna.id, { ...text(ben.id), profileId: undefined, conversationId: message.conversation_id, text: 'Are you there?' });
    const chats = await ctx.services.chat.listChats(ben.id);
    expect(chats.chats[0]).toMatchObject({
      conversation: { id: message.conversation_id },
      num_unread_messages: 2,
      profile: { id: anna.id },
      last_message: { text: 'Are you there?', mine: false },
    });

    const history = await ctx.services.chat.history(site, ben.id, message.conversation_id, null);
    expect(history.messages.map((m) => m.text)).toEqual(['Are you there?', 'Hi Ben']);
    // Reading the history changes nothing; opening the conversation marks it read.
    expect((await ctx.services.chat.listChats(ben.id)).total_unread_messages).toBe(2);
    await ctx.services.chat.markRead(ben.id, message.conversation_id);
    expect((await ctx.services.chat.listChats(ben.id)).total_unread_messages).toBe(0);

    await ctx.services.chat.remove(ben.id, message.conversation_id);
    expect((await ctx.services.chat.listChats(ben.id)).chats).toEqual([]);
    expect((await ctx.services.chat.listChats(anna.id)).chats).toHaveLength(1);
  });

  it('lets a member scroll back through the site’s newest chat_history_limit messages only', async () => {
    const limited = await createSite(ctx.db, { messageCredits: 10, freeMessages: 2, chatHistoryLimit: 4 });
    const anna = await createVisibleMember(ctx, limited, { paidUser: true });
    const ben = await createVisibleMember(ctx, limited, { gender: 'male', paidUser: true });
    await giveCredits(anna.id, 100);
    const { message } = await ctx.services.chat.send(limited, anna.id, text(ben.id, 'one'));
    for (const body of ['two', 'three', 'four', 'five', 'six'])
      await ctx.services.chat.send(limited, anna.id, { ...text(ben.id, body), profileId: undefined, conversationId: message.conversation_id });

    const newest = await ctx.services.chat.history(limited, ben.id, message.conversation_id, null);
    expect(newest.messages.map((m) => m.text)).toEqual(['six', 'five', 'four', 'three']);
    expect(newest.has_more).toBe(false);
    // Asking from further back gives only what is left within the limit, then nothing.
    const fromFive = await ctx.services.chat.history(limited, ben.id, message.conversation_id, newest.messages[1].id);
    expect(fromFive.messages.map((m) => m.text)).toEqual(['four', 'three']);
    expect(fromFive.has_more).toBe(false);
    const beyond = await ctx.services.chat.history(limited, ben.id, message.conversation_id, newest.messages[3].id);
    expect(beyond).toMatchObject({ messages: [], has_more: false });
  });

  it('never shows or changes another pair’s conversation', async () => {
    const anna = await createVisibleMember(ctx, site, { paidUser: true });
    const ben = await createVisibleMember(ctx, site, { gender: 'male' });
    const eve = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    await giveCredits(anna.id, 100);
    await giveCredits(eve.id, 100);
    const { message } = await ctx.services.chat.send(site, anna.id, text(ben.id));
    expect((await failure(ctx.services.chat.history(site, eve.id, message.conversation_id, null))).code).toBe('not_found');
    expect((await failure(ctx.services.chat.markRead(eve.id, message.conversation_id))).code).toBe('not_found');
    expect((await failure(ctx.services.chat.remove(eve.id, message.conversation_id))).code).toBe('not_found');
    expect((await failure(ctx.services.chat.send(site, eve.id, { ...text(ben.id), profileId: undefined, conversationId: message.conversation_id }))).code).toBe(
      'not_found',
    );
  });
});

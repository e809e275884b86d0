import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { bookCredits } from '../credits/ledger';
import { messages, type SiteRow } from '../../db/schema/index';
import type { AppError } from '../shared/app-error';

/**
 * Issue 30: what a member may do a limited number of times — the site's free messages, the
 * gifts their credits pay for — holds when their requests arrive at once, across several
 * conversations (so across batches that commit side by side on PostgreSQL).
 */
let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { messageCredits: 10, giftCredits: 20, freeMessages: 2, freeConversations: 2 });
});
afterAll(() => ctx.close());

let next = 0;
const clientId = () => `allowance-${++next}-${Date.now()}`;
const codesOf = (outcomes: PromiseSettledResult<unknown>[]) =>
  outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as AppError).code] : []));
const give = (userId: number, delta: number) => bookCredits(ctx.db, { userId, delta, reason: 'adjustment', at: ctx.clock.now() });

/** Conversations that other members opened with the member, so the member answers and opens none. */
async function inbox(memberId: number, count: number) {
  const writers = await Promise.all(Array.from({ length: count }, () => createVisibleMember(ctx, site, { paidUser: true })));
  const ids: number[] = [];
  for (const writer of writers) {
    await give(writer.id, 10);
    ids.push((await ctx.services.chat.send(site, writer.id, { profileId: memberId, kind: 'text', text: 'Hi!', clientId: clientId() })).message.conversation_id);
  }
  return ids;
}

describe('chat.send of a free member', () => {
  it('sends the site’s free messages once, however many are sent at once to several conversations', async () => {
    const member = await createVisibleMember(ctx, site, { gender: 'male' });
    const conversations = await inbox(member.id, 3);
    const sends = conversations.flatMap((conversationId) =>
      Array.from({ length: 40 }, () => ({ conversationId, kind: 'text' as const, text: 'Hello', clientId: clientId() })),
    );
    const outcomes = await Promise.allSettled(sends.map((input) => ctx.services.chat.send(site, member.id, input)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(site.freeMessages);
    expect(new Set(codesOf(outcomes))).toEqual(new Set(['insufficient_credits']));
    expect(
      await ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, member.id), eq(messages.creditsSpent, 0))),
    ).toHaveLength(site.freeMessages);
    expect(await createCreditsRepository(ctx.db).sumForUser(member.id)).toBe(0);
  });
});

describe('gifts.send', () => {
  it('sends as many gifts as the credits pay for when many are sent at once', async () => {
    const member = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    const conversations = await inbox(member.id, 3);
    await give(member.id, 3 * site.giftCredits + 5);
    const sends = conversations.flatMap((conversationId) => Array.from({ length: 30 }, () => ({ conversationId, giftId: 'rose', clientId: clientId() })));
    const outcomes = await Promise.allSettled(sends.map((input) => ctx.services.gifts.send(site, member.id, input)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(new Set(codesOf(outcomes))).toEqual(new Set(['insufficient_credits']));
    expect(await createCreditsRepository(ctx.db).sumForUser(member.id)).toBe(5);
  });

  it('charges one gift sent many times at once under one client id once', async () => {
    const member = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    const [conversationId] = await inbox(member.id, 1);
    await give(member.id, 100);
    const input = { conversationId, giftId: 'heart', clientId: clientId() };
    const sent = await Promise.all(Array.from({ length: 20 }, () => ctx.services.gifts.send(site, member.id, input)));
    expect(new Set(sent.map((answer) => answer.message.id)).size).toBe(1);
    expect(await createCreditsRepository(ctx.db).sumForUser(member.id)).toBe(100 - site.giftCredits);
  });
});

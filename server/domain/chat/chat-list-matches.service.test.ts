import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { freeMessages: 5, freeConversations: 5 });
});
afterAll(() => ctx.close());

let next = 0;
const text = (profileId: number) => ({ profileId, kind: 'text' as const, text: 'Hello there!', clientId: `match-list-${++next}-${Date.now()}` });
const matchedOf = async (memberId: number) =>
  Object.fromEntries((await ctx.services.chat.listChats(memberId)).chats.map((chat) => [chat.profile.id, chat.matched]));

describe('chat.listChats matched', () => {
  it('marks a conversation only once both members like each other, for both of them', async () => {
    const walker = await createVisibleMember(ctx, site, { gender: 'male' });
    const regina = await createVisibleMember(ctx, site);
    await ctx.services.chat.send(site, walker.id, text(regina.id));
    expect(await matchedOf(walker.id)).toEqual({ [regina.id]: false });

    await ctx.services.likes.like(walker.id, regina.id);
    expect(await matchedOf(walker.id)).toEqual({ [regina.id]: false });
    expect(await matchedOf(regina.id)).toEqual({ [walker.id]: false });

    await ctx.services.likes.like(regina.id, walker.id);
    expect(await matchedOf(walker.id)).toEqual({ [regina.id]: true });
    expect(await matchedOf(regina.id)).toEqual({ [walker.id]: true });

    await ctx.services.likes.unlike(regina.id, walker.id);
    expect(await matchedOf(walker.id)).toEqual({ [regina.id]: false });
  });

  it('reads the match of each conversation’s own pair, not of the member’s other likes', async () => {
    const member = await createVisibleMember(ctx, site, { gender: 'male' });
    const matchedElsewhere = await createVisibleMember(ctx, site);
    const writtenTo = await createVisibleMember(ctx, site);
    await ctx.services.likes.like(member.id, matchedElsewhere.id);
    await ctx.services.likes.like(matchedElsewhere.id, member.id);
    // The member likes the one they write to, and is liked by a third: neither makes it a match.
    await ctx.services.likes.like(member.id, writtenTo.id);
    await ctx.services.likes.like(matchedElsewhere.id, writtenTo.id);
    await ctx.services.chat.send(site, member.id, text(writtenTo.id));
    await ctx.services.chat.send(site, member.id, text(matchedElsewhere.id));
    expect(await matchedOf(member.id)).toEqual({ [writtenTo.id]: false, [matchedElsewhere.id]: true });
    expect(await matchedOf(writtenTo.id)).toEqual({ [member.id]: false });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_SWIPE_LIKES_PER_DAY } from '../../../contract/profiles';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { likes, type SiteRow } from '../../db/schema/index';
import type { AppError } from '../shared/app-error';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-06-01T12:00:00Z'));
  site = await createSite(ctx.db);
});
afterAll(() => ctx.close());

describe('likes.like from the swipe game', () => {
  it('stores no more than the daily limit of a free member’s likes sent at once', async () => {
    const player = await createVisibleMember(ctx, site, { gender: 'male' });
    const targets = await Promise.all(Array.from({ length: 16 }, () => createVisibleMember(ctx, site)));
    const outcomes = await Promise.allSettled(targets.map((target) => ctx.services.swipe.swipe(player.id, target.id, 'like', 'swipe_game')));
    const liked = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.likes_left_today] : []));
    expect(liked.sort()).toEqual([0, 1, 2, 3]);
    expect(outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as AppError).code] : []))).toEqual(
      Array.from({ length: 16 - FREE_SWIPE_LIKES_PER_DAY }, () => 'swipe_limit_reached'),
    );
    expect(
      await ctx.db
        .select()
        .from(likes)
        .where(and(eq(likes.likerId, player.id), eq(likes.source, 'swipe'))),
    ).toHaveLength(FREE_SWIPE_LIKES_PER_DAY);
  });

  it('uses none of the day’s likes for liking someone already liked', async () => {
    const player = await createVisibleMember(ctx, site, { gender: 'male' });
    const target = await createVisibleMember(ctx, site);
    const twice = await Promise.all([1, 2].map(() => ctx.services.swipe.swipe(player.id, target.id, 'like', 'swipe_game')));
    expect(twice.map((outcome) => outcome.likes_left_today).sort()).toEqual([FREE_SWIPE_LIKES_PER_DAY - 1, FREE_SWIPE_LIKES_PER_DAY - 1]);
  });

  it('leaves premium members without a limit', async () => {
    const player = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    const targets = await Promise.all(Array.from({ length: 6 }, () => createVisibleMember(ctx, site)));
    const outcomes = await Promise.all(targets.map((target) => ctx.services.swipe.swipe(player.id, target.id, 'like', 'swipe_game')));
    expect(outcomes.every((outcome) => outcome.liked && outcome.likes_left_today === null)).toBe(true);
  });
});

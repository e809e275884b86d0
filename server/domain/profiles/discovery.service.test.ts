import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createUsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-06-01T12:00:00Z'));
  site = await createSite(ctx.db, {
    countries: ['NL', 'DE', 'BE'],
    visibleProfileFields: ['interests', 'body_type'],
    loggedOutSearch: 'none',
    loggedOutSearchTrafficsource: 'all',
  });
});
afterAll(() => ctx.close());

const query = (overrides: Record<string, unknown> = {}) => ({ page: 1, ...overrides }) as Parameters<TestContext['services']['search']['search']>[1];

describe('search', () => {
  it('filters by gender, country, region and age, most recently active first', async () => {
    const viewer = await createVisibleMember(ctx, site, { gender: 'male', country: 'BE' });
    const hour = 3_600_000;
    const base = ctx.clock.now().getTime();
    const older = await createVisibleMember(ctx, site, { country: 'BE', region: 'BE-VLG', dateOfBirth: '1980-01-01', lastActiveAt: new Date(base - 2 * hour) });
    const recent = await createVisibleMember(ctx, site, { country: 'BE', region: 'BE-VLG', dateOfBirth: '1995-03-03', lastActiveAt: new Date(base - hour) });
    await createVisibleMember(ctx, site, { country: 'BE', gender: 'male' });
    await createVisibleMember(ctx, site, { country: 'BE', region: 'BE-WAL' });

    const all = await ctx.services.search.search(site, query({ gender: 'female', country: 'BE', countryregion: 'BE-VLG' }), {
      memberId: viewer.id,
      hasTrafficSource: false,
    });
    expect(all.results.map((card) => card.id)).toEqual([recent.id, older.id]);
    expect(all.numResults).toBe(2);

    const young = await ctx.services.search.search(site, query({ country: 'BE', countryregion: 'BE-VLG', min_age: 25, max_age: 35 }), {
      memberId: viewer.id,
      hasTrafficSource: false,
    });
    expect(young.results.map((card) => card.id)).toEqual([recent.id]);
  });

  it('offers similar profiles when few match', async () => {
    const viewer = await createVisibleMember(ctx, site, { gender: 'male' });
    const nearby = await createVisibleMember(ctx, site, { country: 'DE', region: 'DE-02', dateOfBirth: '1988-01-01' });
    const response = await ctx.services.search.search(site, query({ gender: 'female', country: 'DE', countryregion: 'DE-07' }), {
      memberId: viewer.id,
      hasTrafficSource: false,
    });
    expect(response.results).toEqual([]);
    expect(response.similar_results?.map((card) => card.id)).toContain(nearby.id);
  });

  it('never shows blocked, blocking, invisible or unconfirmed members', async () => {
    const viewer = await createVisibleMember(ctx, site, { gender: 'male', country: 'DE' });
    const blocked = await createVisibleMember(ctx, site, { country: 'DE', region: 'DE-16' });
    const blocker = await createVisibleMember(ctx, site, { country: 'DE', region: 'DE-16' });
    const invisible = await createVisibleMember(ctx, site, { country: 'DE', region: 'DE-16' });
    const unconfirmed = await createVisibleMember(ctx, site, { country: 'DE', region: 'DE-16' });
    const shown = await createVisibleMember(ctx, site, { country: 'DE', region: 'DE-16' });
    await ctx.services.blocks.block(viewer.id, blocked.id);
    await ctx.services.blocks.block(blocker.id, viewer.id);
    await ctx.services.accounts.setInvisible(invisible.id, true);
    await createUsersRepository(ctx.db).update(unconfirmed.id, { status: 'not_confirmed' });
    const response = await ctx.services.search.search(site, query({ country: 'DE', countryregion: 'DE-16' }), { memberId: viewer.id, hasTrafficSource: false });
    expect(response.results.map((card) => card.id)).toEqual([shown.id]);
  });

  it('shows only profiles of the site’s niche', async () => {
    const milfSite = await createSite(ctx.db, { niche: 6, countries: ['NL'] });
    const viewer = await createVisibleMember(ctx, milfSite, { gender: 'male', country: 'NL' });
    const fits = await createVisibleMember(ctx, milfSite, { country: 'NL', region: 'NL-11', niches: [6] });
    await createVisibleMember(ctx, milfSite, { country: 'NL', region: 'NL-11', niches: [] });
    const response = await ctx.services.search.search(milfSite, query({ country: 'NL', countryregion: 'NL-11' }), {
      memberId: viewer.id,
      hasTrafficSource: false,
    });
    expect(response.results.map((card) => card.id)).toEqual([fits.id]);
  });

  it('asks visitors to sign up unless the site opens search to their traffic source', async () => {
    expect((await failure(ctx.services.search.search(site, query(), { memberId: null, hasTrafficSource: false }))).code).toBe('search_login_required');
    await expect(ctx.services.search.search(site, query(), { memberId: null, hasTrafficSource: true })).resolves.toHaveProperty('results');
  });
});

describe('profile view', () => {
  it('shows free viewers the main photo only and premium viewers all of them', async () => {
    const owner = await createVisibleMember(ctx, site, { withPhotos: 3 });
    const free = await createVisibleMember(ctx, site, { gender: 'male' });
    const premium = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
    const asFree = await ctx.services.members.view(site, owner.id, free.id);
    expect(asFree).toMatchObject({ photo_count: 3, can_see_all_photos: false });
    expect(asFree.photos).toHaveLength(1);
    expect((await ctx.services.members.view(site, owner.id, premium.id)).photos).toHaveLength(3);
  });

  it('shows only the details the site lists', async () => {
    const owner = await createVisibleMember(ctx, site);
    const view = await ctx.services.members.view(site, owner.id, null);
    expect(Object.keys(view.details).sort()).toEqual(['about', 'body_type', 'interests']);
  });

  it('refuses a viewer the owner blocked, naming the owner', async () => {
    const owner = await createVisibleMember(ctx, site, { name: 'Sophie' });
    const viewer = await createVisibleMember(ctx, site, { gender: 'male' });
    await ctx.services.blocks.block(owner.id, viewer.id);
    const error = await failure(ctx.services.members.view(site, owner.id, viewer.id));
    expect(error.code).toBe('blocked_by');
    expect(error.params).toEqual({ name: 'Sophie' });
  });

  it('clears the new-like flag when the liked member opens the liker’s profile', async () => {
    const liker = await createVisibleMember(ctx, site, { gender: 'male' });
    const liked = await createVisibleMember(ctx, site);
    await ctx.services.likes.like(liker.id, liked.id);
    expect((await ctx.services.likes.list(liked.id)).total_new_likes).toBe(1);
    await ctx.services.members.view(site, liker.id, liked.id);
    expect((await ctx.services.likes.list(liked.id)).liked_by).toEqual([expect.objectContaining({ id: liker.id, like_new: false })]);
  });
});

describe('likes and matches', () => {
  it('makes a match of two opposite likes', async () => {
    const anna = await createVisibleMember(ctx, site);
    const ben = await createVisibleMember(ctx, site, { gender: 'male' });
    expect(await ctx.services.likes.like(anna.id, ben.id)).toMatchObject({ is_match: false });
    expect(await ctx.services.likes.like(ben.id, anna.id)).toMatchObject({ is_match: true });
    expect((await ctx.services.likes.list(anna.id)).matches.map((card) => card.id)).toEqual([ben.id]);
  });

  it('refuses likes to oneself and across a block', async () => {
    const anna = await createVisibleMember(ctx, site);
    const ben = await createVisibleMember(ctx, site, { gender: 'male' });
    expect((await failure(ctx.services.likes.like(anna.id, anna.id))).code).toBe('not_yourself');
    await ctx.services.blocks.block(ben.id, anna.id);
    expect((await failure(ctx.services.likes.like(anna.id, ben.id))).code).toBe('blocked');
  });

  it('allows four swipe-game likes a day', async () => {
    const player = await createVisibleMember(ctx, site, { gender: 'male' });
    const targets = await Promise.all(Array.from({ length: 5 }, () => createVisibleMember(ctx, site)));
    for (const [index, target] of targets.slice(0, 4).entries()) {
      expect((await ctx.services.swipe.swipe(player.id, target.id, 'like', 'swipe_game')).likes_left_today).toBe(3 - index);
    }
    const error = await failure(ctx.services.swipe.swipe(player.id, targets[4].id, 'like', 'swipe_game'));
    expect(error.code).toBe('swipe_limit_reached');
    ctx.clock.advance(24 * 3_600_000);
    await expect(ctx.services.swipe.swipe(player.id, targets[4].id, 'like', 'swipe_game')).resolves.toMatchObject({ liked: true });
  });

  it('takes swiped cards out of the deck', async () => {
    const fresh = await createSite(ctx.db, { countries: ['NL'] });
    const player = await createVisibleMember(ctx, fresh, { gender: 'male', seeking: 'female' });
    const first = await createVisibleMember(ctx, fresh);
    const second = await createVisibleMember(ctx, fresh);
    const deck = await ctx.services.swipe.deck(fresh, player.id);
    expect(deck.map((card) => card.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    await ctx.services.swipe.swipe(player.id, first.id, 'pass', 'match_finder');
    expect((await ctx.services.swipe.deck(fresh, player.id)).map((card) => card.id)).not.toContain(first.id);
  });

  it('deals a lander’s visitor the niche’s members with a photo, from their country first, where search is for members only', async () => {
    const niche = await createSite(ctx.db, { countries: ['DE', 'AT', 'CH'], niche: 6, loggedOutSearch: 'none' });
    const austrian = await createVisibleMember(ctx, niche, { country: 'AT', niches: [6], dateOfBirth: '1975-01-01' });
    const german = await createVisibleMember(ctx, niche, { country: 'DE', niches: [6], dateOfBirth: '1974-01-01' });
    const noPhoto = await createVisibleMember(ctx, niche, { country: 'AT', niches: [6], withPhotos: 0 });
    const otherNiche = await createVisibleMember(ctx, niche, { country: 'AT', niches: [] });
    const deck = await ctx.services.swipe.visitorDeck(niche, 'AT');
    const ids = deck.map((card) => card.id);
    expect(ids[0]).toBe(austrian.id);
    expect(ids).toContain(german.id);
    expect(ids).not.toContain(noPhoto.id);
    expect(ids).not.toContain(otherNiche.id);
    expect(deck.every((card) => card.main_image)).toBe(true);
  });

  it('sends an automatic like from a fictional profile at most every six hours', async () => {
    const fresh = await createSite(ctx.db, { countries: ['NL'] });
    const member = await createVisibleMember(ctx, fresh, { gender: 'male' });
    const fictional = await createVisibleMember(ctx, fresh, { isFictional: true });
    await createVisibleMember(ctx, fresh);
    const liker = await ctx.services.likes.autoLike(fresh, member.id, 'female');
    expect(liker).toMatchObject({ id: fictional.id, is_fictional: true });
    expect(await ctx.services.likes.autoLike(fresh, member.id, 'female')).toBeNull();
  });

  it('never makes up a like from a real member: without a fictional profile there is none', async () => {
    const fresh = await createSite(ctx.db, { countries: ['NL'] });
    // Members share one pool: she seeks men, and no man in it is fictional.
    const member = await createVisibleMember(ctx, fresh, { gender: 'female', seeking: 'male' });
    const real = await createVisibleMember(ctx, fresh, { gender: 'male', seeking: 'female' });
    expect(await ctx.services.likes.autoLike(fresh, member.id, 'male')).toBeNull();
    const likes = await ctx.services.likes.list(member.id);
    expect(likes.liked_by).toEqual([]);
    expect((await ctx.services.likes.list(real.id)).profiles).toEqual([]);
  });
});

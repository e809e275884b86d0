import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createPresenceRepository } from '../../db/repositories/presence.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import { profiles, users } from '../../db/schema/index';
import { createProfilesRepository, type ProfilesRepository } from '../../db/repositories/profiles.repository';
import { createSocialProofService, SOCIAL_PROOF_TTL_MS } from './social-proof.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR = 60 * 60_000;

describe('socialProof.forVisitor', () => {
  it('counts the site’s visible members online now, new in the last day and living in the visitor’s country', async () => {
    // Niche 4 keeps this site's members apart from anything else in the database.
    const site = await createSite(ctx.db, { niche: 4, countries: ['AT', 'CH'] });
    const presence = createPresenceRepository(ctx.db);
    const now = ctx.clock.now();
    const online = await createVisibleMember(ctx, site, { country: 'AT', niches: [4] });
    const onlineElsewhere = await createVisibleMember(ctx, site, { country: 'CH', niches: [4] });
    const wentAway = await createVisibleMember(ctx, site, { country: 'AT', niches: [4] });
    const oldTimer = await createVisibleMember(ctx, site, { country: 'AT', niches: [4] });
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(now.getTime() - 3 * 24 * HOUR) })
      .where(eq(users.id, oldTimer.id));
    await presence.markOnline([online.id, onlineElsewhere.id], new Date(now.getTime() + 60_000));
    await presence.markOnline([wentAway.id], new Date(now.getTime() - 60_000));
    // Not counted anywhere: another niche, invisible, unconfirmed (each online and new).
    const otherNiche = await createVisibleMember(ctx, site, { country: 'AT', niches: [2] });
    const invisible = await createVisibleMember(ctx, site, { country: 'AT', niches: [4] });
    await ctx.services.accounts.setInvisible(invisible.id, true);
    const unconfirmed = await createVisibleMember(ctx, site, { country: 'AT', niches: [4] });
    await createUsersRepository(ctx.db).update(unconfirmed.id, { status: 'not_confirmed' });
    await presence.markOnline([otherNiche.id, invisible.id, unconfirmed.id], new Date(now.getTime() + 60_000));

    expect(await ctx.services.socialProof.forVisitor(site, 'AT')).toEqual({ online_now: 2, new_today: 3, nearby: 3, country: 'AT' });
  });

  it('reuses the figures for a minute, then counts again', async () => {
    const site = await createSite(ctx.db, { niche: 5, countries: ['BE'] });
    await createVisibleMember(ctx, site, { country: 'BE', niches: [5] });
    expect((await ctx.services.socialProof.forVisitor(site, 'BE')).nearby).toBe(1);
    await createVisibleMember(ctx, site, { country: 'BE', niches: [5] });
    expect((await ctx.services.socialProof.forVisitor(site, 'BE')).nearby).toBe(1);
    ctx.clock.advance(SOCIAL_PROOF_TTL_MS);
    const proof = await ctx.services.socialProof.forVisitor(site, 'BE');
    expect(proof.nearby).toBe(2);
    // A day later, neither is new any more.
    ctx.clock.advance(25 * HOUR);
    expect((await ctx.services.socialProof.forVisitor(site, 'BE')).new_today).toBe(0);
  });
  it('counts once for visitors arriving at once', async () => {
    const site = await createSite(ctx.db, { niche: 6, countries: ['LU'] });
    await createVisibleMember(ctx, site, { country: 'LU', niches: [6] });
    const profilesRepository = createProfilesRepository(ctx.db);
    let counts = 0;
    const profilesCounted: Pick<ProfilesRepository, 'countSocialProof'> = {
      countSocialProof: (query) => (counts++, profilesRepository.countSocialProof(query)),
    };
    const service = createSocialProofService({ profiles: profilesCounted as ProfilesRepository, clock: ctx.clock });
    const figures = await Promise.all([service.forVisitor(site, 'LU'), service.forVisitor(site, 'LU'), service.forVisitor(site, 'LU')]);
    expect(counts).toBe(1);
    expect(new Set(figures).size).toBe(1);
    expect(figures[0].nearby).toBe(1);
  });
});

describe('search cards', () => {
  it('mark who is online now and tell a member how far away each card lives', async () => {
    const site = await createSite(ctx.db, { niche: 7, countries: ['NL'] });
    const viewer = await createVisibleMember(ctx, site, { country: 'NL', niches: [7], gender: 'male', seeking: 'female' });
    const near = await createVisibleMember(ctx, site, { country: 'NL', niches: [7] });
    const noPlace = await createVisibleMember(ctx, site, { country: 'NL', niches: [7] });
    // Amsterdam and Rotterdam are about 57 km apart.
    await ctx.db.update(profiles).set({ latitude: 52.3676, longitude: 4.9041 }).where(eq(profiles.id, viewer.id));
    await ctx.db.update(profiles).set({ latitude: 51.9244, longitude: 4.4777 }).where(eq(profiles.id, near.id));
    await createPresenceRepository(ctx.db).markOnline([near.id], new Date(ctx.clock.now().getTime() + 60_000));

    const member = await ctx.services.search.search(site, { page: 1, country: 'NL' }, { memberId: viewer.id, hasTrafficSource: false });
    const nearCard = member.results.find((card) => card.id === near.id);
    expect(nearCard?.is_online).toBe(true);
    expect(nearCard?.distance_km).toBeGreaterThanOrEqual(55);
    expect(nearCard?.distance_km).toBeLessThanOrEqual(60);
    const placeless = member.results.find((card) => card.id === noPlace.id);
    expect(placeless && 'distance_km' in placeless).toBe(false);
    expect(placeless && 'is_online' in placeless).toBe(false);

    // A visitor sees who is online, but has no place to measure from.
    const visitor = await ctx.services.search.search(
      { ...site, loggedOutSearch: 'all' },
      { page: 1, country: 'NL' },
      { memberId: null, hasTrafficSource: false },
    );
    expect(visitor.results.find((card) => card.id === near.id)).toMatchObject({ is_online: true });
    expect(visitor.results.every((card) => card.distance_km === undefined)).toBe(true);
  });
});

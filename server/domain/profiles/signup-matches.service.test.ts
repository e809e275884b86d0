import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-06-01T12:00:00Z'));
});
afterAll(() => ctx.close());

const idsOf = (cards: { id: number }[]) => cards.map((card) => card.id);

describe('signupMatches.list', () => {
  let site: SiteRow;
  beforeAll(async () => {
    site = await createSite(ctx.db, { countries: ['NL', 'DE'] });
  });

  it('offers whom the member seeks around their age from their country first, then from elsewhere, then any age', async () => {
    const member = await createVisibleMember(ctx, site, { gender: 'male', seeking: 'female', country: 'DE', dateOfBirth: '1990-06-15' });
    const hour = 3_600_000;
    const at = (hoursAgo: number) => new Date(ctx.clock.now().getTime() - hoursAgo * hour);
    // Each pass is ordered by last activity; the far-off ones are the most active, so only the ranking can put them last.
    const sameCountry = await createVisibleMember(ctx, site, { country: 'DE', dateOfBirth: '1993-02-01', lastActiveAt: at(5) });
    const abroad = await createVisibleMember(ctx, site, { country: 'NL', dateOfBirth: '1986-09-09', lastActiveAt: at(3) });
    const older = await createVisibleMember(ctx, site, { country: 'DE', dateOfBirth: '1960-01-01', lastActiveAt: at(1) });
    const man = await createVisibleMember(ctx, site, { gender: 'male', country: 'DE', dateOfBirth: '1990-01-01' });
    const noPhoto = await createVisibleMember(ctx, site, { country: 'DE', dateOfBirth: '1991-01-01', withPhotos: 0 });

    const ids = idsOf(await ctx.services.signupMatches.list(site, member.id, 50));
    expect(ids.indexOf(sameCountry.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(sameCountry.id)).toBeLessThan(ids.indexOf(abroad.id));
    expect(ids.indexOf(abroad.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(man.id);
    expect(ids).not.toContain(noPhoto.id);
    expect(ids).not.toContain(member.id);
  });

  it('leaves out members already liked, and stops at the size asked for', async () => {
    const member = await createVisibleMember(ctx, site, { gender: 'female', seeking: 'male', country: 'NL' });
    const first = await createVisibleMember(ctx, site, { gender: 'male', country: 'NL' });
    const second = await createVisibleMember(ctx, site, { gender: 'male', country: 'NL' });
    expect(idsOf(await ctx.services.signupMatches.list(site, member.id, 50))).toEqual(expect.arrayContaining([first.id, second.id]));

    await ctx.services.likes.like(member.id, first.id);
    const after = idsOf(await ctx.services.signupMatches.list(site, member.id, 50));
    expect(after).toContain(second.id);
    expect(after).not.toContain(first.id);
    expect(await ctx.services.signupMatches.list(site, member.id, 1)).toHaveLength(1);
  });

  it('offers both genders to a member who seeks both', async () => {
    const member = await createVisibleMember(ctx, site, { gender: 'female', seeking: 'both', country: 'NL' });
    const woman = await createVisibleMember(ctx, site, { gender: 'female', country: 'NL' });
    const man = await createVisibleMember(ctx, site, { gender: 'male', country: 'NL' });
    expect(idsOf(await ctx.services.signupMatches.list(site, member.id, 100))).toEqual(expect.arrayContaining([woman.id, man.id]));
  });

  it('shows on a niche site only members of its niche', async () => {
    const milfSite = await createSite(ctx.db, { niche: 6, countries: ['NL'] });
    const member = await createVisibleMember(ctx, milfSite, { gender: 'male', seeking: 'female', country: 'NL', niches: [6] });
    const fits = await createVisibleMember(ctx, milfSite, { country: 'NL', niches: [6] });
    const other = await createVisibleMember(ctx, milfSite, { country: 'NL', niches: [] });
    const ids = idsOf(await ctx.services.signupMatches.list(milfSite, member.id, 100));
    expect(ids).toContain(fits.id);
    expect(ids).not.toContain(other.id);
  });
});

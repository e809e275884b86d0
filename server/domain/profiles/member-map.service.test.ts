import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createUsersRepository } from '../../db/repositories/users.repository';
import { REGION_COUNTS_TTL_MS } from './member-map.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const countOf = (counts: { regions: Array<{ id: string; count: number }> }, id: string) => counts.regions.find((region) => region.id === id)?.count;

describe('memberMap.countByRegion', () => {
  it('lists every region of the country with the visible members of the site’s niche living there', async () => {
    const site = await createSite(ctx.db, { niche: 6, countries: ['AT'] });
    await createVisibleMember(ctx, site, { country: 'AT', region: 'AT-09', niches: [6] });
    await createVisibleMember(ctx, site, { country: 'AT', region: 'AT-09', niches: [1, 6] });
    await createVisibleMember(ctx, site, { country: 'AT', region: 'AT-06', niches: [6] });
    // Not counted: another niche, no region, another country, invisible, unconfirmed.
    await createVisibleMember(ctx, site, { country: 'AT', region: 'AT-09', niches: [2] });
    await createVisibleMember(ctx, site, { country: 'AT', region: null, niches: [6] });
    await createVisibleMember(ctx, site, { country: 'DE', region: 'DE-02', niches: [6] });
    const invisible = await createVisibleMember(ctx, site, { country: 'AT', region: 'AT-09', niches: [6] });
    await ctx.services.accounts.setInvisible(invisible.id, true);
    const unconfirmed = await createVisibleMember(ctx, site, { country: 'AT', region: 'AT-09', niches: [6] });
    await createUsersRepository(ctx.db).update(unconfirmed.id, { status: 'not_confirmed' });

    const counts = await ctx.services.memberMap.countByRegion(site, 'AT');
    expect(counts.country).toBe('AT');
    expect(counts.region_word).toBe('state');
    expect(counts.regions).toHaveLength(9);
    expect(counts.regions.find((region) => region.id === 'AT-09')).toEqual({ id: 'AT-09', name: 'Wien', count: 2 });
    expect(countOf(counts, 'AT-06')).toBe(1);
    expect(countOf(counts, 'AT-01')).toBe(0);
    expect(counts.total).toBe(3);
  });

  it('counts everyone on a general site (niche 1) and uses the site’s own word for a region', async () => {
    const site = await createSite(ctx.db, { niche: 1, countries: ['BE'], regionWords: { BE: 'region' } });
    await createVisibleMember(ctx, site, { country: 'BE', region: 'BE-VLG', niches: [] });
    await createVisibleMember(ctx, site, { country: 'BE', region: 'BE-VLG', niches: [7] });
    await createVisibleMember(ctx, site, { country: 'BE', region: 'BE-WAL', niches: [3] });

    const counts = await ctx.services.memberMap.countByRegion(site, 'BE');
    expect(counts.region_word).toBe('region');
    expect(counts.regions.map((region) => [region.id, region.count])).toEqual([
      ['BE-BRU', 0],
      ['BE-VLG', 2],
      ['BE-WAL', 1],
    ]);
    expect(counts.total).toBe(3);
  });

  it('reuses a count for a minute, then counts again', async () => {
    const site = await createSite(ctx.db, { niche: 1, countries: ['IE'] });
    await createVisibleMember(ctx, site, { country: 'IE', region: 'IE-L' });
    expect(countOf(await ctx.services.memberMap.countByRegion(site, 'IE'), 'IE-L')).toBe(1);

    await createVisibleMember(ctx, site, { country: 'IE', region: 'IE-L' });
    ctx.clock.advance(REGION_COUNTS_TTL_MS - 1);
    expect(countOf(await ctx.services.memberMap.countByRegion(site, 'IE'), 'IE-L')).toBe(1);
    ctx.clock.advance(1);
    expect(countOf(await ctx.services.memberMap.countByRegion(site, 'IE'), 'IE-L')).toBe(2);
  });

  it('has no regions for a country the platform does not serve', async () => {
    const site = await createSite(ctx.db, { countries: ['NL'] });
    expect(await ctx.services.memberMap.countByRegion(site, 'JP')).toEqual({ country: 'JP', region_word: 'region', regions: [], total: 0 });
  });
});

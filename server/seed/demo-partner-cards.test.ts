import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { seedDemoPartnerCards } from './demo-partner-cards';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('seedDemoPartnerCards', () => {
  it('gives reselling sites cam and resell cards whose generated pictures are stored', async () => {
    const site = await createSite(ctx.db, { memberResell: true, loggedOutSearch: 'all' });
    await createVisibleMember(ctx, site);
    await seedDemoPartnerCards(ctx.db, ctx.services.storage, ctx.clock.now());
    const shown = (await ctx.services.search.search(site, { page: 1 }, { memberId: null, hasTrafficSource: false })).partner_cards ?? [];
    expect(new Set(shown.map((card) => card.kind))).toEqual(new Set(['cam', 'resell']));
    for (const card of shown) {
      const key = card.image!.replace(/^\/media\//, '');
      const meta = await sharp((await ctx.services.storage.read(key))!).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', 320]);
      expect(new URL(card.url).protocol).toBe('https:');
    }
  });
});

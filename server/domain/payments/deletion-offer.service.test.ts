import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('payments.listPublicBundles', () => {
  it('prices every bundle in the visitor country’s currency, with its methods and no discount', async () => {
    const site = await createSite(ctx.db);
    const british = await ctx.services.payments.listPublicBundles(site, 'GB');
    expect(british.payment_country).toBe('GB');
    expect(british.bundles.map((bundle) => bundle.credits)).toEqual([50, 125, 300, 750]);
    expect(british.bundles[0]).toMatchObject({ price: { amount: 895, currency: 'GBP' }, discounted_price: null });
    expect(british.payment_methods.length).toBeGreaterThan(0);

    const dutch = await ctx.services.payments.listPublicBundles(site, 'NL');
    expect(dutch.bundles[1]).toMatchObject({ price: { amount: 1995, currency: 'EUR' }, highlighted: true });
    expect(dutch.payment_methods).toContain('ideal');
  });
});

describe('deletionOffer.offer', () => {
  it('offers the cheapest bundle and a personal code of the site’s delete discount, the same code each time', async () => {
    const site = await createSite(ctx.db, { deleteDiscount: 30 });
    const member = await createVisibleMember(ctx, site, { country: 'NL' });
    const offer = await ctx.services.deletionOffer.offer(site, member.id, null);
    expect(offer.trial_bundle).toMatchObject({ credits: 50, price: { amount: 995, currency: 'EUR' } });
    expect(offer.discount).toMatchObject({ value_percentage: 30, user_id: member.id, kind: 'delete_discount', status: 'active', expired: false });
    expect(offer.discount!.code).toMatch(/^STAY-/);

    const again = await ctx.services.deletionOffer.offer(site, member.id, null);
    expect(again.discount!.code).toBe(offer.discount!.code);
  });

  it('offers no discount where the site gives none, but still the trial package', async () => {
    const site = await createSite(ctx.db, { deleteDiscount: 0 });
    const member = await createVisibleMember(ctx, site, { country: 'GB' });
    const offer = await ctx.services.deletionOffer.offer(site, member.id, null);
    expect(offer.discount).toBeNull();
    expect(offer.trial_bundle).toMatchObject({ credits: 50, price: { currency: 'GBP' } });
  });

  it('lets the member use the code at checkout', async () => {
    const site = await createSite(ctx.db, { domain: `offer-${Date.now()}.test`, deleteDiscount: 40 });
    const member = await createVisibleMember(ctx, site, { country: 'NL' });
    const { discount } = await ctx.services.deletionOffer.offer(site, member.id, null);
    const checked = await ctx.services.payments.discountCode(site, member.id, { code: discount!.code }, null);
    expect(checked.discountcode).toMatchObject({ code: discount!.code, value_percentage: 40 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, deleteDiscount: 20 });
});
afterAll(() => ctx.close());

describe('deletion-offer.php', () => {
  it('needs a member', async () => {
    const response = await ctx.app.inject({ url: '/api/deletion-offer.php' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });

  it('answers the trial bundle and the member’s discount code', async () => {
    const member = await createVisibleMember(ctx, site, { country: 'NL' });
    const cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
    const response = await ctx.app.inject({ url: '/api/deletion-offer.php', cookies });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.trial_bundle).toMatchObject({ credits: 50, price: { amount: 995, currency: 'EUR' } });
    expect(body.discount).toMatchObject({ value_percentage: 20, kind: 'delete_discount' });
  });
});

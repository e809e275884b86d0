import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { users, type SiteRow } from '../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ services: { demoWebhookDelivery: async () => {} } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

async function startOrder(method: string) {
  const user = await createVisibleMember(ctx, site, { country: 'NL' });
  await ctx.db
    .update(users)
    .set({ createdAt: new Date(ctx.clock.now().getTime() - 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  const cookies = { rdv_session: await ctx.services.sessions.start(user.id, 'test') };
  const bundles = (await ctx.app.inject({ url: '/api/orders.php', cookies })).json();
  const payload = { bundle_id: bundles.bundles[1].id, payment_method: method, client_id: `checkout-${method}-${user.id}` };
  return (await ctx.app.inject({ method: 'POST', url: '/api/orders.php', cookies, payload })).json() as {
    order: { id: number; bundle_id: number };
    redirect_url: string;
  };
}

describe('demo checkout page', () => {
  it('names its own icon, so the browser does not ask the site for /favicon.ico', async () => {
    const { redirect_url } = await startOrder('ideal');
    const page = await ctx.app.inject({ url: redirect_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg"');
  });

  it('sends a payer who fails a card payment back to the checkout route with the order', async () => {
    const { order, redirect_url } = await startOrder('creditcard');
    const chosen = await ctx.app.inject({
      method: 'POST',
      url: redirect_url,
      payload: 'outcome=failed',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toMatch(new RegExp(`/credits/${order.bundle_id}/creditcard\\?order=${order.id}$`));
  });
});

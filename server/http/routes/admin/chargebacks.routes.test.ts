import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { bookCredits } from '../../../domain/credits/ledger';
import { users, type SiteRow } from '../../../db/schema/index';

/** Demo webhooks are handed to the app as the provider would send them. */
const deliveries: { body: string; headers: Record<string, string> }[] = [];

let ctx: TestContext;
let site: SiteRow;
let admin: Awaited<ReturnType<typeof createStaffMember>>;
let moderator: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext({ services: { demoWebhookDelivery: async (_url, body, headers) => void deliveries.push({ body, headers }) } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  admin = await createStaffMember(ctx, 'admin');
  moderator = await createStaffMember(ctx, 'moderator');
});
afterAll(() => ctx.close());

const webhook = (body: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/payment-webhook.php?provider=demo', payload: body, headers: { 'content-type': 'application/json', ...headers } });

async function flushWebhooks() {
  for (const delivery of deliveries.splice(0)) expect((await webhook(delivery.body, delivery.headers)).statusCode).toBe(200);
}

async function loggedIn(language: string) {
  const user = await createVisibleMember(ctx, site, { country: 'NL' });
  await ctx.db
    .update(users)
    .set({ language, createdAt: new Date(ctx.clock.now().getTime() - 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  return { id: user.id, cookies: { rdv_session: await ctx.services.sessions.start(user.id, 'test'), i18n_redirected: language } };
}

let next = 0;
const order = (cookies: Record<string, string>, bundleId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/orders.php',
    cookies,
    payload: { bundle_id: bundleId, payment_method: 'ideal', client_id: `http-cb-${++next}` },
  });

/** A member who bought 125 credits through the demo checkout, spent them all, and whose payment was then charged back on the checkout page. */
async function memberWithDebt(language: string) {
  const member = await loggedIn(language);
  const bundle = (await ctx.app.inject({ url: '/api/orders.php', cookies: member.cookies })).json().bundles[1];
  const created = (await order(member.cookies, bundle.id)).json();
  await ctx.app.inject({
    method: 'POST',
    url: created.redirect_url,
    payload: 'outcome=paid',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await flushWebhooks();
  await bookCredits(ctx.db, { userId: member.id, delta: -125, reason: 'message', at: ctx.clock.now() });

  const page = await ctx.app.inject({ url: created.redirect_url });
  expect(page.body).toContain(`action="${created.redirect_url}/dispute"`);
  const disputed = await ctx.app.inject({
    method: 'POST',
    url: `${created.redirect_url}/dispute`,
    payload: 'kind=chargeback&reason_code=4853',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(disputed.statusCode).toBe(303);
  expect((await ctx.app.inject({ url: created.redirect_url })).body).not.toContain('/dispute"');
  await flushWebhooks();
  return { ...member, bundleId: bundle.id as number, orderId: created.order.id as number, checkout: created.redirect_url as string };
}

describe('a chargeback reaches the site', () => {
  it('by a signed webhook only; the checkout refuses a second dispute or an unknown kind', async () => {
    const member = await memberWithDebt('en');
    expect((await webhook(JSON.stringify({ id: 'demo_forged' }), { 'x-demo-signature': 'sha256=00' })).statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `${member.checkout}/dispute`,
      payload: 'kind=return',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.statusCode).toBe(409);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `${member.checkout}/dispute`,
      payload: 'kind=refund',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses a new purchase of a member with debt with a clear code in their language', async () => {
    const member = await memberWithDebt('nl');
    const refused = await order(member.cookies, member.bundleId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'payment_debt_outstanding' });
    expect(refused.json().message).toMatch(/^Er staat een bedrag open op je account/);
  });
});

describe('chargebacks in the console', () => {
  it('lists chargebacks with member, amount, reason and debt for money.read, and filters open debts', async () => {
    const member = await memberWithDebt('en');
    expect((await ctx.app.inject({ url: '/api/admin/chargebacks' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/chargebacks', cookies: moderator.cookies })).statusCode).toBe(403);
    const listed = await ctx.app.inject({ url: `/api/admin/chargebacks?open_debt=true&user_id=${member.id}`, cookies: admin.cookies });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toMatchObject([
      {
        order_id: member.orderId,
        kind: 'chargeback',
        amount: 1995,
        currency: 'EUR',
        reason_code: '4853',
        debt_credits: 125,
        debt_amount: 1995,
        debt_resolution: null,
      },
    ]);
    for (const bad of ['kind=refund', 'open_debt=yes', 'page_size=7', 'after=x', 'site_id=-2']) {
      const response = await ctx.app.inject({ url: `/api/admin/chargebacks?${bad}`, cookies: admin.cookies });
      expect([bad, response.statusCode, response.json().error]).toEqual([bad, 400, 'validation_failed']);
    }
  });

  it('settles or waives a debt once, for money.write, and the member may buy again', async () => {
    const member = await memberWithDebt('en');
    const [chargeback] = (await ctx.app.inject({ url: `/api/admin/chargebacks?user_id=${member.id}`, cookies: admin.cookies })).json().items;
    const url = `/api/admin/chargebacks/${chargeback.id}/debt`;
    expect((await ctx.app.inject({ method: 'POST', url, cookies: moderator.cookies, payload: { resolution: 'waived' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url, cookies: admin.cookies, payload: { resolution: 'forgotten' } })).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/admin/chargebacks/999999/debt', cookies: admin.cookies, payload: { resolution: 'waived' } }))
        .statusCode,
    ).toBe(404);
    const settled = await ctx.app.inject({ method: 'POST', url, cookies: admin.cookies, payload: { resolution: 'settled' } });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({ debt_resolution: 'settled' });
    const twice = await ctx.app.inject({ method: 'POST', url, cookies: admin.cookies, payload: { resolution: 'waived' } });
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'chargeback_no_debt']);
    expect((await order(member.cookies, member.bundleId)).statusCode).toBe(201);
    const audit = await ctx.app.inject({ url: '/api/admin/audit?action=chargeback.settle_debt', cookies: admin.cookies });
    expect(JSON.stringify(audit.json())).toContain(`"target_id":"${chargeback.id}"`);
  });

  it('gives the ratio per site, method and month with the threshold the operators set', async () => {
    await memberWithDebt('en');
    expect((await ctx.app.inject({ url: '/api/admin/chargebacks/ratio', cookies: moderator.cookies })).statusCode).toBe(403);
    const ratio = await ctx.app.inject({ url: `/api/admin/chargebacks/ratio?site_id=${site.id}`, cookies: admin.cookies });
    expect(ratio.statusCode).toBe(200);
    const month = ctx.clock.now().toISOString().slice(0, 7);
    expect(ratio.json().rows).toContainEqual(expect.objectContaining({ month, site_id: site.id, payment_method: 'ideal', above_threshold: true }));

    const put = (payload: unknown) =>
      ctx.app.inject({ method: 'PUT', url: '/api/admin/chargebacks/settings', cookies: admin.cookies, payload: payload as object });
    for (const bad of [{ warning_percent: 0 }, { warning_percent: 101 }, { warning_percent: 1.234 }, { warning_percent: '1' }])
      expect((await put(bad)).statusCode).toBe(400);
    expect((await put({ warning_percent: 1.5 })).json()).toEqual({ warning_percent: 1.5 });
    expect((await ctx.app.inject({ url: '/api/admin/chargebacks/settings', cookies: admin.cookies })).json()).toEqual({ warning_percent: 1.5 });
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/admin/chargebacks/settings', cookies: moderator.cookies, payload: { warning_percent: 2 } })).statusCode,
    ).toBe(403);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { bookCredits } from '../../domain/credits/ledger';
import { discountCodes, users, type SiteRow } from '../../db/schema/index';

/** Demo webhooks are handed to the app as the provider would send them. */
const deliveries: { body: string; headers: Record<string, string> }[] = [];

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ services: { demoWebhookDelivery: async (_url, body, headers) => void deliveries.push({ body, headers }) } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, refundDays: 14 });
});
afterAll(() => ctx.close());

async function loggedIn(country = 'NL') {
  const user = await createVisibleMember(ctx, site, { country });
  // Signed up a month ago: no time bonus or welcome discount in these prices.
  await ctx.db
    .update(users)
    .set({ createdAt: new Date(ctx.clock.now().getTime() - 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  return { id: user.id, cookies: { rdv_session: await ctx.services.sessions.start(user.id, 'test') } };
}

const flushWebhooks = async () => {
  for (const delivery of deliveries.splice(0)) {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php?provider=demo',
      payload: delivery.body,
      headers: { 'content-type': 'application/json', ...delivery.headers },
    });
  }
};

describe('payments API', () => {
  it('needs a member', async () => {
    expect((await ctx.app.inject({ url: '/api/orders.php' })).json()).toMatchObject({ error: 'authentication_required' });
    expect((await ctx.app.inject({ url: '/api/transactions.php' })).statusCode).toBe(403);
  });

  it('buys a bundle through the demo checkout page and credits it once', async () => {
    const member = await loggedIn();
    const bundles = (await ctx.app.inject({ url: '/api/orders.php', cookies: member.cookies })).json();
    expect(bundles).toMatchObject({ payment_country: 'NL', discount: null, last_order: null, open_debts: [] });
    const bundle = bundles.bundles[0];
    const payload = { bundle_id: bundle.id, payment_method: 'ideal', client_id: 'order-client-1' };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/orders.php', cookies: member.cookies, payload });
    expect(created.statusCode).toBe(201);
    const { order, redirect_url } = created.json();
    expect(order).toMatchObject({ status: 'open', credits: 50, price: { amount: 995, currency: 'EUR' } });
    // A double click answers with the same order.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/orders.php', cookies: member.cookies, payload })).json().order.id).toBe(order.id);

    const page = await ctx.app.inject({ url: redirect_url });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('€9.95');
    expect(page.body).toContain('iDEAL');
    const chosen = await ctx.app.inject({
      method: 'POST',
      url: redirect_url,
      payload: 'outcome=paid',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe(`http://localhost:3000/credits/${bundle.id}/ideal?order=${order.id}`);
    await flushWebhooks();

    const status = (await ctx.app.inject({ url: `/api/orders.php?id=${order.id}`, cookies: member.cookies })).json();
    expect(status).toMatchObject({ order: { status: 'paid', refundable_credits: 50 }, credits: 50, paid_user: true });
    const transactions = (await ctx.app.inject({ url: '/api/transactions.php', cookies: member.cookies })).json();
    expect(transactions).toMatchObject({
      credits: 50,
      refund_days: 14,
      orders: [{ id: order.id }],
      ledger: [{ delta: 50, reason: 'purchase', order_id: order.id }],
    });

    const refund = await ctx.app.inject({ method: 'POST', url: '/api/refunds.php', cookies: member.cookies, payload: { order_id: order.id } });
    expect(refund.statusCode).toBe(201);
    expect(refund.json()).toMatchObject({ credits: 0, orders: [{ refund: { credits: 50 } }] });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/refunds.php', cookies: member.cookies, payload: { order_id: order.id } });
    expect(again.json()).toEqual({ error: 'refund_unavailable', message: 'This order can no longer be refunded.' });
  });

  it('refunds no money for free sign-up credits: the bought ones are spent first', async () => {
    const member = await loggedIn();
    await bookCredits(ctx.db, { userId: member.id, delta: 20, reason: 'signup_bonus', at: ctx.clock.now() });
    const bundles = (await ctx.app.inject({ url: '/api/orders.php', cookies: member.cookies })).json();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders.php',
      cookies: member.cookies,
      payload: { bundle_id: bundles.bundles[0].id, payment_method: 'ideal', client_id: 'order-client-free-first' },
    });
    const { order, redirect_url } = created.json();
    await ctx.app.inject({ method: 'POST', url: redirect_url, payload: 'outcome=paid', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await flushWebhooks();
    await bookCredits(ctx.db, { userId: member.id, delta: -50, reason: 'message', at: ctx.clock.now() });

    const transactions = (await ctx.app.inject({ url: '/api/transactions.php', cookies: member.cookies })).json();
    expect(transactions).toMatchObject({ credits: 20, orders: [{ id: order.id, status: 'paid', refundable_credits: 0 }] });
    expect((await ctx.app.inject({ url: `/api/orders.php?id=${order.id}`, cookies: member.cookies })).json().order.refundable_credits).toBe(0);
    const refund = await ctx.app.inject({ method: 'POST', url: '/api/refunds.php', cookies: member.cookies, payload: { order_id: order.id } });
    expect(refund.statusCode).toBe(409);
    expect(refund.json()).toEqual({ error: 'refund_unavailable', message: 'This order can no longer be refunded.' });
  });

  it('shows a member the debt of a charged-back order before they buy, and no one else', async () => {
    const member = await loggedIn();
    const stranger = await loggedIn();
    const bundles = (await ctx.app.inject({ url: '/api/orders.php', cookies: member.cookies })).json();
    const { order, redirect_url } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/orders.php',
        cookies: member.cookies,
        payload: { bundle_id: bundles.bundles[0].id, payment_method: 'ideal', client_id: 'order-client-debt' },
      })
    ).json();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await ctx.app.inject({ method: 'POST', url: redirect_url, payload: 'outcome=paid', headers: form });
    await flushWebhooks();
    await bookCredits(ctx.db, { userId: member.id, delta: -50, reason: 'message', at: ctx.clock.now() });
    await ctx.app.inject({ method: 'POST', url: `${redirect_url}/dispute`, payload: 'kind=chargeback', headers: form });
    await flushWebhooks();

    const offer = (await ctx.app.inject({ url: '/api/orders.php', cookies: member.cookies })).json();
    expect(offer.open_debts).toEqual([
      { order_id: order.id, kind: 'chargeback', amount: { amount: 995, currency: 'EUR' }, charged_back_at: expect.any(String) },
    ]);
    expect((await ctx.app.inject({ url: '/api/orders.php', cookies: stranger.cookies })).json().open_debts).toEqual([]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders.php',
      cookies: member.cookies,
      payload: { bundle_id: bundles.bundles[0].id, payment_method: 'ideal', client_id: 'order-client-debt-2' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('payment_debt_outstanding');
  });

  it('keeps one member out of another’s orders', async () => {
    const owner = await loggedIn();
    const stranger = await loggedIn();
    const bundles = (await ctx.app.inject({ url: '/api/orders.php', cookies: owner.cookies })).json();
    const { order } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/orders.php',
        cookies: owner.cookies,
        payload: { bundle_id: bundles.bundles[0].id, payment_method: 'paypal', client_id: 'order-client-2' },
      })
    ).json();
    expect((await ctx.app.inject({ url: `/api/orders.php?id=${order.id}`, cookies: stranger.cookies })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/transactions.php?id=${order.id}`, cookies: stranger.cookies })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/refunds.php', cookies: stranger.cookies, payload: { order_id: order.id } })).statusCode).toBe(
      404,
    );
  });

  it('answers bad input with the field, and discount problems with the spec’s texts', async () => {
    const member = await loggedIn();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders.php',
      cookies: member.cookies,
      payload: { bundle_id: 1, payment_method: 'bitcoin', client_id: 'order-client-3' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_failed');
    const unknown = await ctx.app.inject({ url: '/api/discountcode.php?code=NOPE', cookies: member.cookies });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'discount_code_not_found', message: 'Code not found' });
    const repeat = await ctx.app.inject({ method: 'POST', url: '/api/orders.php?repeat=1', cookies: member.cookies, payload: { client_id: 'order-client-4' } });
    expect(repeat.json().error).toBe('no_previous_order');
    const wrongMethod = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders.php',
      cookies: (await loggedIn('DK')).cookies,
      payload: { bundle_id: 1, payment_method: 'ideal', client_id: 'order-client-5' },
    });
    expect(wrongMethod.json().error).toBe('payment_method_unavailable');
  });

  it('refuses unsigned webhooks and unknown providers', async () => {
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php?provider=demo',
      payload: '{"id":"demo_abc"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(forged.statusCode).toBe(401);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php?provider=stripe',
      payload: 'id=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(other.statusCode).toBe(400);
  });

  it('escapes what the demo checkout page shows and refuses unknown payments', async () => {
    expect((await ctx.app.inject({ url: '/demo-checkout/demo_unknown' })).statusCode).toBe(404);
  });

  it('answers an order with a single-use code another unfinished order holds with 409 discount_code_reserved', async () => {
    await ctx.db.insert(discountCodes).values({ code: 'ONCEONLY40', valuePercentage: 40, validity: 'once', createdAt: ctx.clock.now() });
    const [first, second] = await Promise.all([loggedIn(), loggedIn()]);
    const bundleId = (await ctx.app.inject({ url: '/api/orders.php', cookies: first.cookies })).json().bundles[0].id;
    const order = (member: typeof first, clientId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders.php',
        cookies: member.cookies,
        payload: { bundle_id: bundleId, payment_method: 'ideal', client_id: clientId, discount_code: 'onceonly40' },
      });
    const held = await order(first, 'reserved-first');
    expect(held.statusCode).toBe(201);
    const refused = await order(second, 'reserved-second');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'discount_code_reserved',
      message: 'This code is already in use in an order that is not finished yet. Complete or cancel that payment, or try again later.',
    });
    // Once the holder cancels at the checkout, the code is free again.
    await ctx.app.inject({
      method: 'POST',
      url: held.json().redirect_url,
      payload: 'outcome=canceled',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await flushWebhooks();
    expect((await order(second, 'reserved-second-again')).statusCode).toBe(201);
  });
});

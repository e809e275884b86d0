import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { DEMO_SIGNATURE_HEADER } from '../../adapters/payments/demo-provider';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { bookCredits } from '../credits/ledger';
import { discountCodes, orders, users, type SiteRow } from '../../db/schema/index';
import { nextOrderStatus } from './order-status';
import { failure } from '../../../tests/setup/failure';

/** Webhooks the demo provider tried to deliver; tests hand them to the app when they choose. */
const deliveries: { url: string; body: string; headers: Record<string, string> }[] = [];

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({
    services: {
      demoWebhookDelivery: async (url, body, headers) => {
        deliveries.push({ url, body, headers });
      },
    },
  });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, refundDays: 14, welcomeDiscountHours: 72 });
});
afterAll(() => ctx.close());

let next = 0;
const clientId = () => `order-client-${++next}`;

/** A member who signed up well before the time bonus and welcome discount, so prices are list prices. */
async function member(options: { country?: string; paid?: boolean; status?: 'active' | 'not_confirmed'; signedUpHoursAgo?: number } = {}) {
  const user = await createVisibleMember(ctx, site, { country: options.country ?? 'NL', paidUser: options.paid });
  const createdAt = new Date(ctx.clock.now().getTime() - (options.signedUpHoursAgo ?? 24 * 30) * 3_600_000);
  await ctx.db
    .update(users)
    .set({ createdAt, status: options.status ?? 'active' })
    .where(eq(users.id, user.id));
  return user.id;
}

async function bundles(memberId: number) {
  return ctx.services.payments.listBundles(site, memberId, null);
}

async function deliverWebhooks() {
  const pending = deliveries.splice(0);
  for (const delivery of pending) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php?provider=demo',
      payload: delivery.body,
      headers: { 'content-type': 'application/json', ...delivery.headers },
    });
    expect(response.statusCode).toBe(200);
  }
  return pending.length;
}

const paymentIdOf = async (orderId: number) => (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0].providerPaymentId!;

async function buy(memberId: number, options: { method?: 'ideal' | 'visa' | 'paypal'; code?: string; bundleIndex?: number } = {}) {
  const list = await bundles(memberId);
  const bundle = list.bundles[options.bundleIndex ?? 1];
  const started = await ctx.services.payments.start(
    site,
    memberId,
    { bundle_id: bundle.id, payment_method: options.method ?? 'ideal', client_id: clientId(), discount_code: options.code },
    null,
  );
  return { ...started, bundle };
}

async function ledgerBalances(memberId: number) {
  const [row] = await ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, memberId));
  expect(await createCreditsRepository(ctx.db).sumForUser(memberId)).toBe(row.credits);
  return row.credits;
}

describe('bundles', () => {
  it('prices bundles in the payment country’s currency and offers its local methods first', async () => {
    const dutch = await bundles(await member({ country: 'NL' }));
    expect(dutch.payment_country).toBe('NL');
    expect(dutch.bundles.map((bundle) => bundle.credits)).toEqual([50, 125, 300, 750]);
    expect(dutch.bundles[1]).toMatchObject({ price: { amount: 1995, currency: 'EUR' }, highlighted: true, discounted_price: null });
    expect(dutch.payment_methods[0]).toBe('ideal');
    expect(dutch.payment_methods).toContain('directdebit');

    const danish = await bundles(await member({ country: 'DK' }));
    expect(danish.bundles[1].price).toEqual({ amount: 14900, currency: 'DKK' });
    expect(danish.payment_methods.slice(0, 2)).toEqual(['dankort', 'mobilepay']);
    expect(danish.payment_methods).not.toContain('ideal');
  });
});

describe('checkout through the demo provider', () => {
  it('credits a paid order exactly once, makes the member premium, whatever the order of return and webhooks', async () => {
    const memberId = await member();
    const { order, redirect_url } = await buy(memberId);
    expect(order).toMatchObject({ status: 'open', credits: 125, price: { amount: 1995, currency: 'EUR' }, payment_method: 'ideal' });
    expect(redirect_url).toMatch(/^\/demo-checkout\/demo_/);

    const paymentId = redirect_url.split('/').pop()!;
    expect(await ctx.services.demoPayments.choose(paymentId, 'paid')).toBe(
      ctx.services.siteUrls.urlOf(site, `/credits/${order.bundle_id}/ideal?order=${order.id}`),
    );
    // The payer is back before the webhook: the return page asks the provider and credits.
    const returned = await ctx.services.payments.status(site, memberId, order.id);
    expect(returned).toMatchObject({ order: { status: 'paid' }, credits: 125, paid_user: true });
    // Then the webhook, twice.
    deliveries.push(...deliveries.slice());
    expect(await deliverWebhooks()).toBe(2);
    expect(await ledgerBalances(memberId)).toBe(125);
    expect((await ctx.services.payments.status(site, memberId, order.id)).order.credited_at).not.toBeNull();
  });

  it('answers a retried order with the first one, and a failed payment with its status', async () => {
    const memberId = await member();
    const list = await bundles(memberId);
    const input = { bundle_id: list.bundles[0].id, payment_method: 'visa' as const, client_id: clientId() };
    const first = await ctx.services.payments.start(site, memberId, input, null);
    const retry = await ctx.services.payments.start(site, memberId, input, null);
    expect(retry.order.id).toBe(first.order.id);
    // While it is open at the provider, a retry leads to the same checkout.
    expect(retry.redirect_url).toBe(first.redirect_url);

    await ctx.services.demoPayments.choose(first.redirect_url.split('/').pop()!, 'failed');
    await deliverWebhooks();
    expect((await ctx.services.payments.status(site, memberId, first.order.id)).order.status).toBe('failed');
    expect(await ledgerBalances(memberId)).toBe(0);
  });

  it('settles a pending payment a few seconds later', async () => {
    const memberId = await member();
    const { order, redirect_url } = await buy(memberId);
    await ctx.services.demoPayments.choose(redirect_url.split('/').pop()!, 'pending');
    expect((await ctx.services.payments.status(site, memberId, order.id)).order.status).toBe('pending');
    ctx.clock.advance(5_000);
    expect((await ctx.services.payments.status(site, memberId, order.id)).order.status).toBe('paid');
    expect(await ledgerBalances(memberId)).toBe(125);
  });

  it('refuses a member with an unconfirmed e-mail address, a method their country lacks, and a stranger’s order', async () => {
    const unconfirmed = await member({ status: 'not_confirmed' });
    expect((await failure(buy(unconfirmed))).code).toBe('email_not_confirmed');
    const danish = await member({ country: 'DK' });
    expect((await failure(buy(danish, { method: 'ideal' }))).code).toBe('payment_method_unavailable');
    const owner = await member();
    const { order } = await buy(owner);
    expect((await failure(ctx.services.payments.status(site, danish, order.id))).code).toBe('not_found');
  });

  it('rejects a webhook whose signature does not verify, and ignores one about an unknown payment', async () => {
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php?provider=demo',
      payload: JSON.stringify({ id: 'demo_x' }),
      headers: { 'content-type': 'application/json', [DEMO_SIGNATURE_HEADER]: 'sha256=00' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe('webhook_signature_invalid');

    const memberId = await member();
    const { redirect_url } = await buy(memberId);
    await ctx.services.demoPayments.choose(redirect_url.split('/').pop()!, 'paid');
    const genuine = deliveries.pop()!;
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php?provider=demo',
      payload: genuine.body.replace('demo_', 'demo_X'),
      headers: { 'content-type': 'application/json', ...genuine.headers },
    });
    expect(tampered.statusCode).toBe(401);
    expect(await ledgerBalances(memberId)).toBe(0);
  });

  it('ends an order nobody paid as expired after a day, and leaves paid and pending ones alone', async () => {
    const memberId = await member();
    const abandoned = await buy(memberId);
    const paid = await buy(memberId);
    await ctx.services.demoPayments.choose(paid.redirect_url.split('/').pop()!, 'paid');
    await deliverWebhooks();
    ctx.clock.advance(24 * 3_600_000 + 1000);
    await ctx.services.jobRunner.runDue(100);
    expect((await ctx.services.payments.status(site, memberId, abandoned.order.id)).order.status).toBe('expired');
    expect((await ctx.services.payments.status(site, memberId, paid.order.id)).order.status).toBe('paid');
    expect(await ledgerBalances(memberId)).toBe(125);
  });

  it('repeats the last paid order with the same bundle and method', async () => {
    const memberId = await member();
    expect((await failure(ctx.services.payments.repeat(site, memberId, clientId(), null))).code).toBe('no_previous_order');
    const { order, redirect_url } = await buy(memberId, { method: 'paypal', bundleIndex: 2 });
    await ctx.services.demoPayments.choose(redirect_url.split('/').pop()!, 'paid');
    await deliverWebhooks();
    expect((await bundles(memberId)).last_order).toEqual({ bundle_id: order.bundle_id, payment_method: 'paypal' });
    const repeated = await ctx.services.payments.repeat(site, memberId, clientId(), null);
    expect(repeated.order).toMatchObject({ bundle_id: order.bundle_id, payment_method: 'paypal', status: 'open' });
    expect(repeated.order.id).not.toBe(order.id);
  });
});

describe('exactly once, whatever the provider sends', () => {
  const reports = fc.array(
    fc.constantFrom('open', 'pending', 'paid', 'failed', 'cancelled', 'expired') as fc.Arbitrary<
      'open' | 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired'
    >,
    { minLength: 1, maxLength: 8 },
  );

  it('moves an order forward only, and paid wins in any order (pure rule)', () => {
    fc.assert(
      fc.property(reports, (sequence) => {
        const final = sequence.reduce(nextOrderStatus, 'open' as const as ReturnType<typeof nextOrderStatus>);
        if (sequence.includes('paid')) expect(final).toBe('paid');
        else expect(final).not.toBe('paid');
      }),
    );
  });

  it('credits each paid order once under duplicated, reordered and concurrent reports', async () => {
    await fc.assert(
      fc.asyncProperty(reports, fc.boolean(), async (sequence, concurrently) => {
        const memberId = await member();
        const { order } = await buy(memberId);
        const apply = (status: (typeof sequence)[number]) => ctx.services.payments.applyReport(order.id, status, 'webhook');
        if (concurrently) await Promise.all(sequence.map(apply));
        else for (const status of sequence) await apply(status);
        const credits = await ledgerBalances(memberId);
        expect(credits).toBe(sequence.includes('paid') ? 125 : 0);
        const [row] = await ctx.db.select({ paidUser: users.paidUser }).from(users).where(eq(users.id, memberId));
        expect(row.paidUser).toBe(sequence.includes('paid'));
      }),
      { numRuns: 25 },
    );
  });

  it('credits once when webhooks and returns race through the real provider path', async () => {
    const memberId = await member();
    const { order, redirect_url } = await buy(memberId);
    await ctx.services.demoPayments.choose(redirect_url.split('/').pop()!, 'paid');
    const webhook = deliveries.pop()!;
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payment-webhook.php?provider=demo',
        payload: webhook.body,
        headers: { 'content-type': 'application/json', ...webhook.headers },
      });
    await Promise.all([send(), send(), ctx.services.payments.status(site, memberId, order.id), send(), ctx.services.payments.status(site, memberId, order.id)]);
    expect(await ledgerBalances(memberId)).toBe(125);
    expect(await paymentIdOf(order.id)).toBe(redirect_url.split('/').pop());
  });
});

describe('discount codes', () => {
  async function code(values: Partial<typeof discountCodes.$inferInsert> & { code: string; valuePercentage: number }) {
    await ctx.db.insert(discountCodes).values({ createdAt: ctx.clock.now(), ...values });
  }

  it('applies a valid code to the price and refuses it the second time', async () => {
    await code({ code: 'SPRING20', valuePercentage: 20 });
    const memberId = await member();
    const { order, redirect_url } = await buy(memberId, { code: 'spring20' });
    expect(order).toMatchObject({ price: { amount: 1596 }, list_price: { amount: 1995 }, discount_percentage: 20, discount_code: 'SPRING20' });
    await ctx.services.demoPayments.choose(redirect_url.split('/').pop()!, 'paid');
    await deliverWebhooks();
    expect((await failure(buy(memberId, { code: 'SPRING20' }))).code).toBe('discount_code_used');
  });

  it('names what is wrong with a code', async () => {
    const memberId = await member();
    const check = (value: string, extra: { payment_method?: 'ideal' | 'paypal'; bundle_id?: number } = {}) =>
      failure(ctx.services.payments.discountCode(site, memberId, { code: value, ...extra }, null)).then((error) => error.code);
    await code({ code: 'OLD10', valuePercentage: 10, expiresAt: new Date(ctx.clock.now().getTime() - 1000) });
    await code({ code: 'GERMANY15', valuePercentage: 15, country: 'DE' });
    await code({ code: 'PAYPAL5', valuePercentage: 5, paymentMethods: ['paypal'] });
    await code({ code: 'BIG30', valuePercentage: 30, minimumOrderValue: 3000 });
    const smallest = (await bundles(memberId)).bundles[0].id;
    expect(await check('NOPE')).toBe('discount_code_not_found');
    expect(await check('OLD10')).toBe('discount_code_expired');
    expect(await check('GERMANY15')).toBe('discount_code_country');
    expect(await check('PAYPAL5', { payment_method: 'ideal' })).toBe('discount_code_payment_method');
    expect(await check('BIG30', { bundle_id: smallest })).toBe('discount_code_minimum');
    const accepted = await ctx.services.payments.discountCode(site, memberId, { code: 'PAYPAL5', payment_method: 'paypal' }, null);
    expect(accepted.discountcode).toMatchObject({ code: 'PAYPAL5', value_percentage: 5, paymentmethods: ['paypal'], expired: false });
  });

  it('gives a new free member the time bonus for 4 hours, then the welcome code, and nothing once paid', async () => {
    const newcomer = await member({ signedUpHoursAgo: 1 });
    const active = await ctx.services.payments.discountCode(site, newcomer, {}, null);
    expect(active.discountcode).toMatchObject({ code: 'TIMEBONUS25', value_percentage: 25, validity: 'once-per-user', kind: 'time_bonus', expired: false });
    // Each member's own end: 4 hours after signing up, 3 hours from now.
    expect(active.discountcode?.expires).toBe(new Date(ctx.clock.now().getTime() + 3 * 3_600_000).toISOString());
    expect((await bundles(newcomer)).bundles[1].discounted_price).toEqual({ amount: 1496, currency: 'EUR' });

    ctx.clock.advance(3 * 3_600_000 + 1);
    const welcome = await ctx.services.payments.discountCode(site, newcomer, {}, null);
    expect(welcome.discountcode).toMatchObject({ kind: 'welcome', value_percentage: 25 });
    expect((await ctx.services.payments.discountCode(site, newcomer, { welcome: 'true' }, null)).discountcode?.code).toBe(welcome.discountcode?.code);
    expect(await failure(ctx.services.payments.discountCode(site, newcomer, { code: 'TIMEBONUS25' }, null)).then((error) => error.code)).toBe(
      'discount_code_expired',
    );

    const { redirect_url } = await buy(newcomer);
    await ctx.services.demoPayments.choose(redirect_url.split('/').pop()!, 'paid');
    await deliverWebhooks();
    expect((await ctx.services.payments.discountCode(site, newcomer, {}, null)).discountcode).toBeNull();
  });
});

describe('refunds', () => {
  async function paidOrder(memberId: number) {
    const { order, redirect_url } = await buy(memberId);
    await ctx.services.demoPayments.choose(redirect_url.split('/').pop()!, 'paid');
    await deliverWebhooks();
    return order;
  }

  it('refunds the unused credits once, within the refund window', async () => {
    const memberId = await member();
    const order = await paidOrder(memberId);
    await bookCredits(ctx.db, { userId: memberId, delta: -25, reason: 'message', at: ctx.clock.now() });
    const listed = await ctx.services.transactions.list(site, memberId);
    expect(listed.orders[0]).toMatchObject({ id: order.id, status: 'paid', refundable_credits: 100 });

    const refunded = await ctx.services.transactions.refund(site, memberId, order.id);
    expect(refunded.orders[0].refund).toMatchObject({ credits: 100, price: { amount: 1596, currency: 'EUR' } });
    expect(refunded.credits).toBe(0);
    expect((await failure(ctx.services.transactions.refund(site, memberId, order.id))).code).toBe('refund_unavailable');
    expect(await ledgerBalances(memberId)).toBe(0);
    expect(refunded.ledger.map((entry) => entry.reason)).toEqual(['refund', 'purchase']);
  });

  it('refuses after the refund window and for another member’s order', async () => {
    const memberId = await member();
    const order = await paidOrder(memberId);
    const stranger = await member();
    expect((await failure(ctx.services.transactions.refund(site, stranger, order.id))).code).toBe('not_found');
    ctx.clock.advance(15 * 86_400_000);
    expect((await failure(ctx.services.transactions.refund(site, memberId, order.id))).code).toBe('refund_unavailable');
    expect(await ledgerBalances(memberId)).toBe(125);
  });
});

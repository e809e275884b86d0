import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { bookCredits } from '../credits/ledger';
import { refunds, users, type SiteRow } from '../../db/schema/index';
import type { AppError } from '../shared/app-error';
import { failure } from '../../../tests/setup/failure';

/** Webhooks the demo provider tried to deliver; the tests hand them to the app. */
const deliveries: { body: string; headers: Record<string, string> }[] = [];

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({
    services: {
      demoWebhookDelivery: async (_url, body, headers) => {
        deliveries.push({ body, headers });
      },
    },
  });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, refundDays: 14 });
});
afterAll(() => ctx.close());

let next = 0;

/**
 * A member as a sign-up leaves them: `bonus` free credits (the demo site gives 20). Signed up a
 * month ago, so no time bonus or welcome discount changes the prices.
 */
async function member(bonus = 20) {
  const user = await createVisibleMember(ctx, site, { country: 'NL' });
  await ctx.db
    .update(users)
    .set({ createdAt: new Date(ctx.clock.now().getTime() - 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  if (bonus) await credit(user.id, bonus, 'signup_bonus');
  return user.id;
}

const credit = (userId: number, delta: number, reason: 'signup_bonus' | 'adjustment') => bookCredits(ctx.db, { userId, delta, reason, at: ctx.clock.now() });
/** Spends like a message does: a plain debit of the ledger. */
const spend = (userId: number, credits: number) =>
  bookCredits(ctx.db, { userId, delta: -credits, reason: 'message', reference: `test-${++next}`, at: ctx.clock.now() });

/** Buys the bundle with `credits` (50: €9.95, 125: €19.95) and pays it through the demo provider's webhook. */
async function buy(memberId: number, credits: 50 | 125) {
  const { bundles } = await ctx.services.payments.listBundles(site, memberId, null);
  const bundle = bundles.find((entry) => entry.credits === credits)!;
  const { order, redirect_url } = await ctx.services.payments.start(
    site,
    memberId,
    { bundle_id: bundle.id, payment_method: 'ideal', client_id: `refund-rule-${++next}` },
    null,
  );
  await ctx.services.demoPayments.choose(redirect_url.split('/').pop()!, 'paid');
  for (const delivery of deliveries.splice(0)) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php?provider=demo',
      payload: delivery.body,
      headers: { 'content-type': 'application/json', ...delivery.headers },
    });
    expect(response.statusCode).toBe(200);
  }
  return order.id;
}

async function refundable(memberId: number) {
  const listed = await ctx.services.transactions.list(site, memberId);
  return Object.fromEntries(listed.orders.map((order) => [order.id, order.refundable_credits]));
}

/** The balance, checked against the ledger's sum. */
async function balanceOf(memberId: number) {
  const [row] = await ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, memberId));
  expect(await createCreditsRepository(ctx.db).sumForUser(memberId)).toBe(row.credits);
  return row.credits;
}

/** What the demo provider paid back for the member's orders, in cents. */
async function paidBack(memberId: number) {
  const { rows } = (await ctx.db.execute(
    sql`select coalesce(sum(d.refunded_amount), 0)::int as total from demo_payments d join orders o on o.provider_payment_id = d.id where o.user_id = ${memberId}`,
  )) as unknown as { rows: { total: number }[] };
  return rows[0].total;
}

describe('which credits a refund covers (ADR 0020)', () => {
  it('refunds nothing when the bought credits were spent and only the free ones are left', async () => {
    const memberId = await member(20);
    const orderId = await buy(memberId, 50);
    await spend(memberId, 50);
    expect(await refundable(memberId)).toEqual({ [orderId]: 0 });
    expect((await failure(ctx.services.transactions.refund(site, memberId, orderId))).code).toBe('refund_unavailable');
    expect(await balanceOf(memberId)).toBe(20);
    expect(await paidBack(memberId)).toBe(0);
  });

  it('refunds only the bought credits left after spending, never the free ones', async () => {
    const memberId = await member(20);
    const orderId = await buy(memberId, 50);
    await spend(memberId, 30);
    expect(await refundable(memberId)).toEqual({ [orderId]: 20 });
    const refunded = await ctx.services.transactions.refund(site, memberId, orderId);
    // 20 of 50 credits of a €9.95 order.
    expect(refunded.orders[0].refund).toMatchObject({ credits: 20, price: { amount: 398, currency: 'EUR' } });
    expect(await balanceOf(memberId)).toBe(20);
    expect(await paidBack(memberId)).toBe(398);
  });

  it('keeps an order whole when the free credits were spent before it was bought', async () => {
    const memberId = await member(20);
    await spend(memberId, 20);
    const orderId = await buy(memberId, 50);
    expect(await refundable(memberId)).toEqual({ [orderId]: 50 });
  });

  it('spends the oldest order first, and each order refunds its own unused credits', async () => {
    const memberId = await member(20);
    const first = await buy(memberId, 50);
    await spend(memberId, 30);
    const second = await buy(memberId, 125);
    await spend(memberId, 40);
    // The first order's last 20, then 20 of the second.
    expect(await refundable(memberId)).toEqual({ [first]: 0, [second]: 105 });

    const refunded = await ctx.services.transactions.refund(site, memberId, second);
    expect(refunded.orders[0].refund).toMatchObject({ credits: 105, price: { amount: Math.round((1995 * 105) / 125) } });
    // What is left is the sign-up bonus: spending it changes no order.
    expect(await balanceOf(memberId)).toBe(20);
    await spend(memberId, 10);
    expect(await refundable(memberId)).toEqual({ [first]: 0, [second]: 0 });
    expect(await balanceOf(memberId)).toBe(10);
  });

  it('treats an operator’s grant as free credit that is spent last', async () => {
    const memberId = await member(0);
    const orderId = await buy(memberId, 50);
    await credit(memberId, 30, 'adjustment');
    await spend(memberId, 40);
    expect(await refundable(memberId)).toEqual({ [orderId]: 10 });
    const refunded = await ctx.services.transactions.refund(site, memberId, orderId);
    expect(refunded.orders[0].refund?.credits).toBe(10);
    expect(await balanceOf(memberId)).toBe(30);
  });

  it('pays back once when the same refund is asked for twice at the same time', async () => {
    const memberId = await member(20);
    const orderId = await buy(memberId, 50);
    const outcomes = await Promise.allSettled([
      ctx.services.transactions.refund(site, memberId, orderId),
      ctx.services.transactions.refund(site, memberId, orderId),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as AppError).code).toBe('refund_unavailable');
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect(await paidBack(memberId)).toBe(995);
    expect(await balanceOf(memberId)).toBe(20);
  });

  it('reads which credits are unused only once a debit in flight has committed', async () => {
    const memberId = await member(20);
    const orderId = await buy(memberId, 50);
    let refunding: Promise<unknown> = Promise.resolve();
    // What a chat send's batch does: lock the sender's balance, debit, commit. The refund starts
    // while the lock is held and must count the debit, not the ledger as it was before it.
    await ctx.db.transaction(async (tx) => {
      const credits = createCreditsRepository(tx);
      await credits.lockBalance(memberId);
      refunding = ctx.services.transactions.refund(site, memberId, orderId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await bookCredits(tx, { userId: memberId, delta: -30, reason: 'message', reference: 'in-flight', at: ctx.clock.now() });
    });
    await refunding;
    const [booked] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(booked.credits).toBe(20);
    expect(await balanceOf(memberId)).toBe(20);
  });

  it('never lets a send racing a refund spend refunded credits or go below zero', async () => {
    const recipient = await createVisibleMember(ctx, site, { country: 'NL', gender: 'male' });
    for (let round = 0; round < 6; round++) {
      const memberId = await member(20);
      const orderId = await buy(memberId, 50);
      // Paid members pay site.messageCredits (10) a message: 70 credits, eight sends and a refund race.
      const sends = Array.from(
        { length: 8 },
        (_, index) => () =>
          ctx.services.chat.send(site, memberId, {
            profileId: recipient.id,
            kind: 'text',
            text: `race ${round}.${index}`,
            clientId: `race-${round}-${index}-${memberId}`,
          }),
      );
      const refund = () => ctx.services.transactions.refund(site, memberId, orderId);
      const calls = [...sends.slice(0, round), refund, ...sends.slice(round)];
      const outcomes = await Promise.allSettled(calls.map((call) => call()));
      for (const outcome of outcomes)
        if (outcome.status === 'rejected') expect(['insufficient_credits', 'refund_unavailable']).toContain((outcome.reason as AppError).code);

      const balance = await balanceOf(memberId);
      expect(balance).toBeGreaterThanOrEqual(0);
      // The refund took exactly the bought credits no send had spent when it was booked; sends
      // after it drew on the free credits.
      const ledger = await ctx.services.transactions.list(site, memberId);
      const rows = [...ledger.ledger].reverse();
      const refundAt = rows.findIndex((row) => row.reason === 'refund');
      const sentBefore = rows.slice(0, refundAt === -1 ? rows.length : refundAt).filter((row) => row.reason === 'message').length;
      const [booked] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
      expect(booked?.credits ?? 0).toBe(Math.max(0, 50 - sentBefore * 10));
      const sent = rows.filter((row) => row.reason === 'message').length;
      expect(sent * 10 + (booked?.credits ?? 0) + balance).toBe(70);
    }
  });

  it('pays back once when the member and the console refund the same order at the same time', async () => {
    const memberId = await member(20);
    const orderId = await buy(memberId, 50);
    await spend(memberId, 10);
    const outcomes = await Promise.allSettled([
      ctx.services.transactions.refund(site, memberId, orderId),
      ctx.services.transactions.refundByStaff(memberId, orderId, async () => {}),
      ctx.services.transactions.refund(site, memberId, orderId),
      ctx.services.transactions.refundByStaff(memberId, orderId, async () => {}),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as AppError).code] : []))).toEqual([
      'refund_unavailable',
      'refund_unavailable',
      'refund_unavailable',
    ]);
    const booked = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(booked.map((row) => row.credits)).toEqual([40]);
    expect(await paidBack(memberId)).toBe(796);
    expect(await balanceOf(memberId)).toBe(20);
  });

  it('refunds two orders at once each by its own unused credits, never the same credits twice', async () => {
    const memberId = await member(0);
    const older = await buy(memberId, 50);
    const newer = await buy(memberId, 50);
    // The oldest order's credits are spent first: 30 of the older one's are gone.
    await spend(memberId, 30);
    await Promise.all([ctx.services.transactions.refund(site, memberId, older), ctx.services.transactions.refund(site, memberId, newer)]);
    const booked = new Map((await ctx.db.select().from(refunds)).filter((row) => row.userId === memberId).map((row) => [row.orderId, row.credits]));
    expect(Object.fromEntries(booked)).toEqual({ [older]: 20, [newer]: 50 });
    expect(await balanceOf(memberId)).toBe(0);
  });
});

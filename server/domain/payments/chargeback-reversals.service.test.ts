import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChargebacksQuery } from '../../../contract/admin/chargebacks';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { ProviderChargeback } from '../../adapters/payments/payment-provider.port';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { chargebacks, creditLedger, users, type SiteRow } from '../../db/schema/index';
import { bookCredits } from '../credits/ledger';
import { unusedBoughtCredits } from './refund-rules';

const deliveries: { body: string; headers: Record<string, string> }[] = [];
let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ services: { demoWebhookDelivery: async (_url, body, headers) => void deliveries.push({ body, headers }) } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

let next = 0;
async function member() {
  const user = await createVisibleMember(ctx, site, { country: 'NL' });
  await ctx.db
    .update(users)
    .set({ createdAt: new Date(ctx.clock.now().getTime() - 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  return user;
}

/** A member's order of 125 credits (19.95 EUR) paid on the demo checkout. */
async function paidOrder(memberId: number) {
  const { bundles } = await ctx.services.payments.listBundles(site, memberId, null);
  const started = await ctx.services.payments.start(site, memberId, { bundle_id: bundles[1].id, payment_method: 'ideal', client_id: `rev-${++next}` }, null);
  await ctx.services.demoPayments.choose(started.redirect_url.split('/').pop()!, 'paid');
  for (const delivery of deliveries.splice(0))
    await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php?provider=demo',
      payload: delivery.body,
      headers: { 'content-type': 'application/json', ...delivery.headers },
    });
  return started.order.id;
}

const report = (id: string, reversedAt: Date | null): ProviderChargeback => ({
  id,
  kind: 'chargeback',
  amount: 1995,
  currency: 'EUR',
  reasonCode: 'AC01',
  reasonText: null,
  at: ctx.clock.now(),
  reversedAt,
});
const balanceOf = async (memberId: number) => {
  const [row] = await ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, memberId));
  expect(await createCreditsRepository(ctx.db).sumForUser(memberId)).toBe(row.credits);
  return row.credits;
};
const entries = (memberId: number, reason: 'chargeback' | 'chargeback_reversal') =>
  ctx.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, memberId), eq(creditLedger.reason, reason)));
const mailsTo = (email: string) => ctx.mailer.sent.filter((mail) => mail.to === email);

describe('a chargeback the provider reverses', () => {
  it('closes the debt as reversed and gives the credits back once, however often and concurrently it is reported', async () => {
    const buyer = await member();
    const orderId = await paidOrder(buyer.id);
    await bookCredits(ctx.db, { userId: buyer.id, delta: -50, reason: 'message', at: ctx.clock.now() });
    await ctx.services.payments.applyChargebacks(orderId, [report(`chb_rev_${orderId}`, null)]);
    expect(await balanceOf(buyer.id)).toBe(0);
    expect((await ctx.services.payments.listBundles(site, buyer.id, null)).open_debts).toHaveLength(1);
    await expect.poll(() => mailsTo(buyer.email).length).toBe(1);

    const reversed = [report(`chb_rev_${orderId}`, new Date(ctx.clock.now().getTime() + 3_600_000))];
    await Promise.all([ctx.services.payments.applyChargebacks(orderId, reversed), ctx.services.payments.applyChargebacks(orderId, reversed)]);
    await ctx.services.payments.applyChargebacks(orderId, reversed);

    expect(await ctx.db.select().from(chargebacks).where(eq(chargebacks.orderId, orderId))).toMatchObject([
      { reversedCredits: 75, debtCredits: 50, debtAmount: 798, debtResolution: 'reversed', debtResolvedAt: reversed[0].reversedAt },
    ]);
    expect(await entries(buyer.id, 'chargeback_reversal')).toMatchObject([{ delta: 75, balanceAfter: 75, reference: `order:${orderId}` }]);
    expect(await balanceOf(buyer.id)).toBe(75);
    // The order's own credits again: refundable as before the chargeback.
    expect(unusedBoughtCredits(await createCreditsRepository(ctx.db).listSteps(buyer.id)).get(orderId)).toBe(75);
    expect((await ctx.services.payments.listBundles(site, buyer.id, null)).open_debts).toEqual([]);
    const listed = await ctx.services.consoleChargebacks.page(ChargebacksQuery.parse({ user_id: String(buyer.id) }), null);
    expect(listed.items).toMatchObject([{ order_id: orderId, debt_resolution: 'reversed' }]);

    await expect.poll(() => mailsTo(buyer.email).length).toBe(2);
    expect(mailsTo(buyer.email)[1].subject).toBe(`Your chargeback on ${site.name} was reversed`);
    expect(mailsTo(buyer.email)[1].text).toContain('given back the 75 credits');
  });

  it('books nothing for a chargeback reversed before the site ever heard of it', async () => {
    const buyer = await member();
    const orderId = await paidOrder(buyer.id);
    await ctx.services.payments.applyChargebacks(orderId, [report(`chb_gone_${orderId}`, ctx.clock.now())]);
    expect(await ctx.db.select().from(chargebacks).where(eq(chargebacks.orderId, orderId))).toEqual([]);
    expect(await entries(buyer.id, 'chargeback')).toEqual([]);
    expect(await balanceOf(buyer.id)).toBe(125);
  });
});

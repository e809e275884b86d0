import { and, eq } from 'drizzle-orm';
import { ChargebacksQuery } from '../../../contract/admin/chargebacks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { failure } from '../../../tests/setup/failure';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { auditLog, chargebacks, creditLedger, orders, users, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import { bookCredits } from '../credits/ledger';

/** Webhooks the demo provider tried to deliver; tests hand them to the app when they choose. */
const deliveries: { body: string; headers: Record<string, string> }[] = [];

let ctx: TestContext;
let site: SiteRow;
let admin: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext({ services: { demoWebhookDelivery: async (_url, body, headers) => void deliveries.push({ body, headers }) } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  const staff = await createStaffMember(ctx, 'admin');
  admin = { id: staff.member.id, email: staff.member.email, role: 'admin', ip: null };
});
afterAll(() => ctx.close());

let next = 0;

async function member(language = 'en') {
  const user = await createVisibleMember(ctx, site, { country: 'NL' });
  // Signed up a month ago: list prices, no welcome discount.
  const createdAt = new Date(ctx.clock.now().getTime() - 30 * 86_400_000);
  await ctx.db.update(users).set({ language, createdAt }).where(eq(users.id, user.id));
  return user;
}

const webhook = (delivery: { body: string; headers: Record<string, string> }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php?provider=demo',
    payload: delivery.body,
    headers: { 'content-type': 'application/json', ...delivery.headers },
  });

/** Hands every waiting webhook to the app, in the order given; each must be acknowledged. */
async function deliver(pending = deliveries.splice(0)) {
  for (const response of await Promise.all(pending.map(webhook))) expect(response.statusCode).toBe(200);
}

/** Starts an order for the 125-credit bundle (19.95 EUR) with iDEAL; returns it with its demo payment id. */
async function startOrder(memberId: number) {
  const { bundles } = await ctx.services.payments.listBundles(site, memberId, null);
  const started = await ctx.services.payments.start(site, memberId, { bundle_id: bundles[1].id, payment_method: 'ideal', client_id: `cb-${++next}` }, null);
  return { orderId: started.order.id, paymentId: started.redirect_url.split('/').pop()! };
}

async function paidOrder(memberId: number) {
  const order = await startOrder(memberId);
  await ctx.services.demoPayments.choose(order.paymentId, 'paid');
  await deliver();
  return order;
}

const balanceOf = async (memberId: number) => {
  const [row] = await ctx.db.select({ credits: users.credits, blocked: users.directDebitBlocked }).from(users).where(eq(users.id, memberId));
  expect(await createCreditsRepository(ctx.db).sumForUser(memberId)).toBe(row.credits);
  return row;
};
const chargebacksOf = (orderId: number) => ctx.db.select().from(chargebacks).where(eq(chargebacks.orderId, orderId));
const chargebackEntries = (memberId: number) =>
  ctx.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, memberId), eq(creditLedger.reason, 'chargeback')));
const mailsTo = (email: string) => ctx.mailer.sent.filter((mail) => mail.to === email);

describe('a chargeback after partial spending', () => {
  it('takes back the unused credits and books the spent ones as debt exactly once, however often and concurrently it is reported', async () => {
    const buyer = await member();
    const { orderId, paymentId } = await paidOrder(buyer.id);
    expect((await balanceOf(buyer.id)).credits).toBe(125);
    await bookCredits(ctx.db, { userId: buyer.id, delta: -50, reason: 'message', at: ctx.clock.now() });

    expect(await ctx.services.demoPayments.dispute(paymentId, 'chargeback')).toBe(true);
    expect(await ctx.services.demoPayments.dispute(paymentId, 'chargeback')).toBe(false);
    const [report] = deliveries.splice(0);
    // Replayed, and two at once.
    await deliver([report, report]);
    await deliver([report]);

    const [chargeback, ...others] = await chargebacksOf(orderId);
    expect(others).toEqual([]);
    expect(chargeback).toMatchObject({ kind: 'chargeback', amount: 1995, currency: 'EUR', reasonCode: '4837', reversedCredits: 75, debtCredits: 50 });
    // 50 of 125 credits at 19.95 EUR.
    expect(chargeback.debtAmount).toBe(798);
    expect(chargeback.bookedAt).not.toBeNull();
    expect(await chargebackEntries(buyer.id)).toMatchObject([{ delta: -75, balanceAfter: 0, reference: `order:${orderId}` }]);
    expect(await balanceOf(buyer.id)).toEqual({ credits: 0, blocked: false });

    // Told once, in their language, with the debt.
    await expect.poll(() => mailsTo(buyer.email).length).toBe(1);
    expect(mailsTo(buyer.email)[0].subject).toBe(`Your payment on ${site.name} was charged back`);
    expect(mailsTo(buyer.email)[0].text).toContain('worth €7.98');
  });

  it('books a chargeback reported before the payment when the payment is credited, once', async () => {
    const buyer = await member('de');
    const { orderId, paymentId } = await startOrder(buyer.id);
    await ctx.services.demoPayments.choose(paymentId, 'paid');
    const [paidReport] = deliveries.splice(0);
    // The provider's word about the chargeback is applied while the order is still open here.
    await ctx.services.payments.applyChargebacks(orderId, [
      { id: 'chb_early', kind: 'chargeback', amount: 1995, currency: 'EUR', reasonCode: 'AC04', reasonText: null, at: ctx.clock.now() },
    ]);
    expect(await chargebacksOf(orderId)).toMatchObject([{ bookedAt: null, reversedCredits: 0 }]);
    expect((await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0].creditedAt).toBeNull();

    await deliver([paidReport, paidReport]);
    expect(await chargebacksOf(orderId)).toMatchObject([{ reversedCredits: 125, debtCredits: 0, debtAmount: 0 }]);
    expect(await chargebackEntries(buyer.id)).toHaveLength(1);
    expect((await balanceOf(buyer.id)).credits).toBe(0);
    // Nothing spent, nothing owed: the member may buy again.
    await startOrder(buyer.id);
    await expect.poll(() => mailsTo(buyer.email).length).toBe(1);
    expect(mailsTo(buyer.email)[0].subject).toBe(`Deine Zahlung bei ${site.name} wurde zurückgebucht`);
  });

  it('reads a dispute webhook that arrives before the paid one as both: credited, then taken back', async () => {
    const buyer = await member();
    const { orderId, paymentId } = await startOrder(buyer.id);
    await ctx.services.demoPayments.choose(paymentId, 'paid');
    await ctx.services.demoPayments.dispute(paymentId, 'chargeback');
    const [paidReport, disputeReport] = deliveries.splice(0);
    await deliver([disputeReport]);
    await deliver([paidReport]);
    expect(await chargebacksOf(orderId)).toMatchObject([{ reversedCredits: 125, debtAmount: 0 }]);
    expect(await balanceOf(buyer.id)).toEqual({ credits: 0, blocked: false });
  });
});

describe('a SEPA return', () => {
  it('blocks the member for direct debit and tells them so', async () => {
    const buyer = await member();
    const { orderId, paymentId } = await paidOrder(buyer.id);
    await ctx.services.demoPayments.dispute(paymentId, 'return');
    await deliver();
    expect(await chargebacksOf(orderId)).toMatchObject([{ kind: 'return', reasonCode: 'MD06', reversedCredits: 125 }]);
    expect((await balanceOf(buyer.id)).blocked).toBe(true);
    await expect.poll(() => mailsTo(buyer.email).length).toBe(1);
    expect(mailsTo(buyer.email)[0].text).toContain('direct debit is no longer available');
  });
});

/** A member who spent 125 of an order's credits before their bank took the payment back: debt booked. */
async function chargebackLeavingDebt() {
  const buyer = await member();
  const { orderId, paymentId } = await paidOrder(buyer.id);
  await bookCredits(ctx.db, { userId: buyer.id, delta: -125, reason: 'message', at: ctx.clock.now() });
  await ctx.services.demoPayments.dispute(paymentId, 'chargeback');
  await deliver();
  const [chargeback] = await chargebacksOf(orderId);
  return { buyer, orderId, chargeback };
}

describe('a member with debt', () => {
  it('cannot start a purchase until an operator waives the debt, which is audited', async () => {
    const { buyer, orderId, chargeback } = await chargebackLeavingDebt();
    expect(chargeback).toMatchObject({ reversedCredits: 0, debtCredits: 125, debtAmount: 1995 });

    // Told before trying: the offer lists what is owed, and only to the member who owes it.
    const { open_debts } = await ctx.services.payments.listBundles(site, buyer.id, null);
    expect(open_debts).toEqual([
      { order_id: orderId, kind: 'chargeback', amount: { amount: 1995, currency: 'EUR' }, charged_back_at: chargeback.chargedBackAt.toISOString() },
    ]);
    expect((await ctx.services.payments.listBundles(site, (await member()).id, null)).open_debts).toEqual([]);
    expect((await failure(startOrder(buyer.id))).code).toBe('payment_debt_outstanding');
    expect((await failure(ctx.services.payments.repeat(site, buyer.id, `cb-${++next}`, null))).code).toBe('payment_debt_outstanding');

    const waived = await ctx.services.consoleChargebacks.resolveDebt(admin, chargeback.id, { resolution: 'waived' });
    expect(waived).toMatchObject({ debt_resolution: 'waived', debt_amount: 1995, user_id: buyer.id, member_email: buyer.email });
    expect((await failure(ctx.services.consoleChargebacks.resolveDebt(admin, chargeback.id, { resolution: 'settled' }))).code).toBe('chargeback_no_debt');
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'chargeback'), eq(auditLog.targetId, String(chargeback.id))));
    expect(audits).toMatchObject([{ action: 'chargeback.waive_debt', staffId: admin.id }]);
    expect((await ctx.services.payments.listBundles(site, buyer.id, null)).open_debts).toEqual([]);

    await startOrder(buyer.id);
  });
});

describe('an admin limited to other sites (ADR 0060)', () => {
  it('sees neither the chargebacks nor the ratio of this site, cannot close their debt, and cannot change the threshold every site shares', async () => {
    const { buyer, orderId, chargeback } = await chargebackLeavingDebt();
    const elsewhere = await createSite(ctx.db, { domain: `elsewhere-${Date.now()}.example` });
    const limited = { ...admin, sites: [elsewhere.id] };

    const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);
    expect(ids(await ctx.services.consoleChargebacks.page(ChargebacksQuery.parse({ user_id: String(buyer.id) }), [elsewhere.id]))).toEqual([]);
    expect(ids(await ctx.services.consoleChargebacks.page(ChargebacksQuery.parse({ user_id: String(buyer.id) }), [site.id]))).toContain(chargeback.id);
    expect((await ctx.services.consoleChargebacks.ratios(null, [elsewhere.id])).rows).toEqual([]);
    expect((await ctx.services.consoleChargebacks.ratios(site.id, [elsewhere.id])).rows).toEqual([]);
    expect((await ctx.services.consoleChargebacks.ratios(null, [site.id])).rows.every((row) => row.site_id === site.id)).toBe(true);

    expect((await failure(ctx.services.consoleChargebacks.resolveDebt(limited, chargeback.id, { resolution: 'waived' }))).code).toBe('not_found');
    expect((await failure(ctx.services.consoleChargebacks.updateSettings(limited, { warning_percent: 5 }))).code).toBe('staff_sites_limited');
    expect(
      (await ctx.services.consoleChargebacks.page(ChargebacksQuery.parse({ user_id: String(buyer.id) }), null)).items.find((item) => item.id === chargeback.id),
    ).toMatchObject({
      debt_resolution: null,
    });
  });
});

describe('the chargeback ratio', () => {
  it('counts chargebacks per paid order per site, method and month, and warns above the threshold', async () => {
    const month = ctx.clock.now().toISOString().slice(0, 7);
    const own = await createSite(ctx.db, { domain: `ratio-${Date.now()}.example` });
    const before = await ctx.services.consoleChargebacks.ratios(site.id, null);
    const row = (ratios: typeof before) => ratios.rows.find((entry) => entry.month === month && entry.payment_method === 'ideal')!;
    expect(before.warning_percent).toBe(1);
    expect(row(before)).toMatchObject({ site_id: site.id, above_threshold: true });
    expect(row(before).chargebacks).toBeGreaterThan(0);
    expect(row(before).ratio).toBeCloseTo(row(before).chargebacks / row(before).paid);
    expect((await ctx.services.consoleChargebacks.ratios(own.id, null)).rows).toEqual([]);

    await ctx.services.consoleChargebacks.updateSettings(admin, { warning_percent: 99.5 });
    expect(await ctx.services.consoleChargebacks.settings()).toEqual({ warning_percent: 99.5 });
    expect(row(await ctx.services.consoleChargebacks.ratios(site.id, null)).above_threshold).toBe(row(before).ratio! > 0.995);
  });
});

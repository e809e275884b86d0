import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { failure } from '../../../tests/setup/failure';
import { createRecordingSmsSender } from '../../../tests/setup/recording-sms';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { auditLog, chargebacks, creditLedger, users, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import { bookCredits } from '../credits/ledger';

const sms = createRecordingSmsSender();
let ctx: TestContext;
let site: SiteRow;
let admin: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext({ services: { smsSender: sms } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  const staff = await createStaffMember(ctx, 'admin');
  admin = { id: staff.member.id, email: staff.member.email, role: 'admin', ip: null };
});
afterAll(() => ctx.close());

let next = 0;
const today = () => ctx.clock.now().toISOString().slice(0, 10);

async function member() {
  const user = await createVisibleMember(ctx, site, { country: 'NL' });
  // Signed up a month ago: list prices, no welcome discount.
  await ctx.db
    .update(users)
    .set({ createdAt: new Date(ctx.clock.now().getTime() - 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  return user;
}

/** An order of the 125-credit bundle (19.95 EUR) paid by the site's own mandate, confirmed with the texted code. */
async function ownMandateOrder(memberId: number): Promise<number> {
  const { bundles } = await ctx.services.payments.listBundles(site, memberId, null);
  const { order } = await ctx.services.payments.start(
    site,
    memberId,
    { bundle_id: bundles[1].id, payment_method: 'directdebit', client_id: `sepa-return-${++next}` },
    null,
  );
  const mobile = `+31 6 1234 ${String(1000 + next)}`;
  const { mandate_id } = await ctx.services.directDebit.handle(
    site,
    memberId,
    {
      action: 'mandate',
      order_id: order.id,
      account_holder: 'Anna de Vries',
      iban: 'NL91ABNA0417164300',
      street: 'Damrak',
      house_number: '12',
      postal_code: '1012 LG',
      city: 'Amsterdam',
      mobile,
      consent: true,
    },
    'en',
  );
  await ctx.services.directDebit.handle(site, memberId, { action: 'confirm', mandate_id, code: sms.lastCode() }, 'en');
  return order.id;
}

const rowOf = async (memberId: number) => {
  const [row] = await ctx.db.select({ credits: users.credits, blocked: users.directDebitBlocked }).from(users).where(eq(users.id, memberId));
  expect(await createCreditsRepository(ctx.db).sumForUser(memberId)).toBe(row.credits);
  return row;
};
const returnsOf = (orderId: number) => ctx.db.select().from(chargebacks).where(eq(chargebacks.orderId, orderId));
const auditsOf = (orderId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, String(orderId))));
const reversals = (memberId: number) =>
  ctx.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, memberId), eq(creditLedger.reason, 'chargeback')));
const mailsTo = (email: string) => ctx.mailer.sent.filter((mail) => mail.to === email);

describe('consoleSepaReturns.book', () => {
  it('books a returned own-mandate debit as a provider’s return would, once however often and concurrently it is booked', async () => {
    const buyer = await member();
    const orderId = await ownMandateOrder(buyer.id);
    expect((await rowOf(buyer.id)).credits).toBe(125);
    await bookCredits(ctx.db, { userId: buyer.id, delta: -25, reason: 'message', at: ctx.clock.now() });

    const input = { reason_code: 'AM04' as const, returned_on: today() };
    const [first, second] = await Promise.all([
      ctx.services.consoleSepaReturns.book(admin, orderId, input),
      ctx.services.consoleSepaReturns.book(admin, orderId, input),
    ]);
    const again = await ctx.services.consoleSepaReturns.book(admin, orderId, { reason_code: 'MS02', returned_on: today() });
    expect(second).toEqual(first);
    expect(again).toEqual(first);
    // 25 of 125 credits at 19.95 EUR are owed; the other 100 came off the balance.
    expect(first).toMatchObject({ kind: 'return', order_id: orderId, provider: 'sepa', reason_code: 'AM04', reason_text: 'Insufficient funds', amount: 1995 });
    expect(first).toMatchObject({ reversed_credits: 100, debt_credits: 25, debt_amount: 399, charged_back_at: `${today()}T00:00:00.000Z` });

    expect(await returnsOf(orderId)).toHaveLength(1);
    expect(await reversals(buyer.id)).toMatchObject([{ delta: -100, balanceAfter: 0, reference: `order:${orderId}` }]);
    expect(await rowOf(buyer.id)).toEqual({ credits: 0, blocked: true });
    expect(await auditsOf(orderId)).toMatchObject([{ action: 'order.book_sepa_return', staffId: admin.id }]);
    await expect.poll(() => mailsTo(buyer.email).length).toBe(1);
    expect(mailsTo(buyer.email)[0].text).toContain('direct debit is no longer available');
    // The member is told before buying, and cannot buy.
    expect((await ctx.services.payments.listBundles(site, buyer.id, null)).open_debts).toMatchObject([{ order_id: orderId, kind: 'return' }]);
  });

  it('refuses an order the site did not collect itself, a day in the future or before payment, and another site’s order for limited staff', async () => {
    const buyer = await member();
    const orderId = await ownMandateOrder(buyer.id);
    const { bundles } = await ctx.services.payments.listBundles(site, buyer.id, null);
    const card = await ctx.services.payments.start(
      site,
      buyer.id,
      { bundle_id: bundles[0].id, payment_method: 'ideal', client_id: `sepa-card-${++next}` },
      null,
    );
    const book = (actor: StaffActor, id: number, returnedOn = today()) =>
      failure(ctx.services.consoleSepaReturns.book(actor, id, { reason_code: 'MD06', returned_on: returnedOn }));

    expect((await book(admin, card.order.id)).code).toBe('sepa_return_not_applicable');
    const tomorrow = new Date(ctx.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await book(admin, orderId, tomorrow)).code).toBe('sepa_return_date_invalid');
    expect((await book(admin, orderId, '2020-01-01')).code).toBe('sepa_return_date_invalid');
    const elsewhere = await createSite(ctx.db, { domain: `returns-elsewhere-${Date.now()}.example` });
    expect((await book({ ...admin, sites: [elsewhere.id] }, orderId)).code).toBe('not_found');
    expect((await book(admin, 2_000_000_000)).code).toBe('not_found');

    expect(await returnsOf(orderId)).toEqual([]);
    expect(await auditsOf(orderId)).toEqual([]);
    expect(await rowOf(buyer.id)).toEqual({ credits: 125, blocked: false });
  });
});

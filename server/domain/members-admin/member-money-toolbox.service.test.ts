import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../contract/admin/roles';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { failure } from '../../../tests/setup/failure';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { auditLog, creditLedger, goodwillGrants, orders, refunds, users, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';

/** Webhooks the demo provider tried to deliver; the tests hand them to the app. */
const deliveries: { body: string; headers: Record<string, string> }[] = [];

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ services: { demoWebhookDelivery: async (_url, body, headers) => void deliveries.push({ body, headers }) } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, refundDays: 14 });
  // Building the services takes long on a busy machine.
}, 240_000);
afterAll(() => ctx.close());

let next = 0;
const key = () => `toolbox-key-${++next}-${Date.now()}`;

async function actor(role: StaffRole, limits: { goodwillPerGrant?: number; goodwillPer30Days?: number } = {}): Promise<StaffActor> {
  const { member } = await createStaffMember(ctx, role, limits);
  return { id: member.id, email: member.email, role, ip: '203.0.113.9' };
}

const auditOf = (targetType: string, targetId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(auditLog.id);

/** A member who reads their mail in `language`. */
async function memberIn(language: string) {
  const member = await createVisibleMember(ctx, site);
  await ctx.db.update(users).set({ language }).where(eq(users.id, member.id));
  return member;
}

/** The balance, checked against the ledger's sum. */
async function balanceOf(memberId: number) {
  const [row] = await ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, memberId));
  expect(await createCreditsRepository(ctx.db).sumForUser(memberId)).toBe(row.credits);
  return row.credits;
}

/** Buys the 50-credit bundle (€9.95) and pays it through the demo provider's webhook. */
async function buy(memberId: number) {
  const { bundles } = await ctx.services.payments.listBundles(site, memberId, null);
  const bundle = bundles.find((entry) => entry.credits === 50)!;
  const { order, redirect_url } = await ctx.services.payments.start(
    site,
    memberId,
    { bundle_id: bundle.id, payment_method: 'ideal', client_id: `toolbox-${++next}` },
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

/** What the demo provider paid back for the member's orders, in cents. */
async function paidBack(memberId: number) {
  const { rows } = (await ctx.db.execute(
    sql`select coalesce(sum(d.refunded_amount), 0)::int as total from demo_payments d join orders o on o.provider_payment_id = d.id where o.user_id = ${memberId}`,
  )) as unknown as { rows: { total: number }[] };
  return rows[0].total;
}

describe('membersAdmin.giveGoodwill', () => {
  it('gives support credits within their limits, books a ledger entry, audits and mails the member', async () => {
    const member = await memberIn('de');
    const support = await actor('support', { goodwillPerGrant: 30, goodwillPer30Days: 50 });
    const before = await balanceOf(member.id);
    const detail = await ctx.services.membersAdmin.giveGoodwill(support, member.id, {
      credits: 30,
      reason: 'photo upload failed twice',
      idempotencyKey: key(),
    });
    expect(detail.member.credits).toBe(before + 30);
    expect(await balanceOf(member.id)).toBe(before + 30);
    const [grant] = await ctx.db.select().from(goodwillGrants).where(eq(goodwillGrants.userId, member.id));
    expect(grant).toMatchObject({ staffId: support.id, credits: 30, reason: 'photo upload failed twice' });
    const [entry] = await ctx.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reference, `goodwill:${grant.id}`));
    expect(entry).toMatchObject({ userId: member.id, delta: 30, reason: 'adjustment' });
    const [audit] = await auditOf('member', member.id);
    expect(audit).toMatchObject({ action: 'member.goodwill_credits', staffId: support.id, role: 'support' });
    expect(audit.diff.after).toMatchObject({ goodwill: 30, reason: 'photo upload failed twice', left_after: 0 });
    const mail = ctx.mailer.last(member.email);
    expect(mail.kind).toBe('goodwill_credits');
    expect(mail.subject).toBe(`Du hast 30 Gratis-Credits auf ${site.name} erhalten`);
    expect(mail.text).toContain(`Dein Guthaben beträgt jetzt ${before + 30} Credits.`);
  });

  it('refuses goodwill above the limit and says how much is left, booking nothing', async () => {
    const member = await createVisibleMember(ctx, site);
    const support = await actor('support', { goodwillPerGrant: 40, goodwillPer30Days: 50 });
    const before = await balanceOf(member.id);
    expect([
      (await failure(ctx.services.membersAdmin.giveGoodwill(support, member.id, { credits: 41, reason: 'too much at once', idempotencyKey: key() }))).code,
    ]).toEqual(['goodwill_over_limit']);
    await ctx.services.membersAdmin.giveGoodwill(support, member.id, { credits: 35, reason: 'first grant', idempotencyKey: key() });
    const refused = await failure(ctx.services.membersAdmin.giveGoodwill(support, member.id, { credits: 20, reason: 'second grant', idempotencyKey: key() }));
    expect([refused.code, refused.params]).toEqual(['goodwill_over_limit', { left: 15 }]);
    expect(await balanceOf(member.id)).toBe(before + 35);
    expect(await auditOf('member', member.id)).toHaveLength(1);
    // The 30 days pass and the budget is whole again.
    ctx.clock.advance(31 * 86_400_000);
    await ctx.services.membersAdmin.giveGoodwill(support, member.id, { credits: 40, reason: 'a month later', idempotencyKey: key() });
    expect(await balanceOf(member.id)).toBe(before + 75);
  });

  it('refuses staff whose limits are 0, lets owners give without a limit, and books a retried grant once', async () => {
    const member = await createVisibleMember(ctx, site);
    const before = await balanceOf(member.id);
    const unset = await failure(
      ctx.services.membersAdmin.giveGoodwill(await actor('admin'), member.id, { credits: 1, reason: 'no limit set', idempotencyKey: key() }),
    );
    expect([unset.code, unset.params]).toEqual(['goodwill_over_limit', { left: 0 }]);
    const owner = await actor('owner');
    const same = key();
    const retries = await Promise.all(
      [1, 2].map(() => ctx.services.membersAdmin.giveGoodwill(owner, member.id, { credits: 500, reason: 'long outage', idempotencyKey: same })),
    );
    expect(retries.map((detail) => detail.member.credits)).toEqual([before + 500, before + 500]);
    expect(await balanceOf(member.id)).toBe(before + 500);
    expect(ctx.mailer.sent.filter((mail) => mail.to === member.email && mail.kind === 'goodwill_credits')).toHaveLength(1);
  });
});

describe('membersAdmin.refundOrder with credits', () => {
  it('refunds part of the unused credits at the proportional price; ledger, order and provider agree; once', async () => {
    const member = await memberIn('nl');
    const start = await balanceOf(member.id);
    const orderId = await buy(member.id);
    const admin = await actor('admin');
    const over = await failure(ctx.services.membersAdmin.refundOrder(admin, member.id, orderId, 'too many', 51));
    expect([over.code, over.params]).toEqual(['refund_over_unused', { credits: 50 }]);

    const done = await ctx.services.membersAdmin.refundOrder(admin, member.id, orderId, 'half of the bundle', 20);
    // 20 of the order's 50 credits: 2/5 of what the member paid (after the first purchase's discount).
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const part = Math.round((order.amount * 20) / 50);
    expect(done.refunded).toEqual({ order_id: orderId, credits: 20, price: { amount: part, currency: 'EUR' } });
    const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ credits: 20, amount: part });
    const [entry] = await ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, member.id), eq(creditLedger.reason, 'refund')));
    expect(entry).toMatchObject({ delta: -20, reference: `order:${orderId}` });
    expect(await balanceOf(member.id)).toBe(start + 30);
    expect(await paidBack(member.id)).toBe(part);
    expect(done.orders.find((order) => order.id === orderId)).toMatchObject({ refund: { credits: 20 }, refundable_credits: 0 });
    const [audit] = await auditOf('order', orderId);
    expect(audit.diff.after).toMatchObject({ credits: 20, amount: part, order_credits: 50, reason: 'half of the bundle' });
    const mail = ctx.mailer.last(member.email);
    expect(mail.kind).toBe('credits_refunded');
    expect(mail.text).toContain(new Intl.NumberFormat('nl', { style: 'currency', currency: 'EUR' }).format(part / 100));

    // A retry refunds and pays back nothing more.
    expect((await failure(ctx.services.membersAdmin.refundOrder(admin, member.id, orderId, 'half of the bundle', 20))).code).toBe('refund_unavailable');
    expect(await paidBack(member.id)).toBe(part);
    expect(await balanceOf(member.id)).toBe(start + 30);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../contract/admin/roles';
import { createVisibleMember, signUpMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { bookCredits } from '../credits/ledger';
import { auditLog, creditLedger, jobs, profiles, refunds, sessions, users, type SiteRow } from '../../db/schema/index';
import { createAuditService, type AuditService, type StaffActor } from '../audit/audit.service';
import { createMembersAdminService } from './members-admin.service';
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

async function actor(role: StaffRole, refundLimitCredits = 0): Promise<StaffActor> {
  const { member } = await createStaffMember(ctx, role, { refundLimitCredits });
  return { id: member.id, email: member.email, role, ip: '203.0.113.9' };
}

/** The audit rows about a target, oldest first. */
const auditOf = (targetType: string, targetId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(auditLog.id);

/** The balance, checked against the ledger's sum: a balance only ever moves with its ledger row. */
async function balanceOf(memberId: number) {
  const [row] = await ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, memberId));
  expect(await createCreditsRepository(ctx.db).sumForUser(memberId)).toBe(row.credits);
  return row.credits;
}

/** A member with `bonus` free credits, signed up a month ago (no time bonus changes prices). */
async function member(bonus = 20) {
  const user = await createVisibleMember(ctx, site, { country: 'NL' });
  await ctx.db
    .update(users)
    .set({ createdAt: new Date(ctx.clock.now().getTime() - 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  if (bonus) await bookCredits(ctx.db, { userId: user.id, delta: bonus, reason: 'signup_bonus', at: ctx.clock.now() });
  return user.id;
}

/** Buys the bundle with `credits` (50: €9.95) and pays it through the demo provider's webhook. */
async function buy(memberId: number, credits: 50 | 125) {
  const { bundles } = await ctx.services.payments.listBundles(site, memberId, null);
  const bundle = bundles.find((entry) => entry.credits === credits)!;
  const { order, redirect_url } = await ctx.services.payments.start(
    site,
    memberId,
    { bundle_id: bundle.id, payment_method: 'ideal', client_id: `console-${++next}` },
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

describe('member search', () => {
  it('finds by id, e-mail prefix, name prefix, site and status, one page at a time', async () => {
    const other = await createSite(ctx.db, { domain: `search-${Date.now()}.example` });
    const stamp = Date.now();
    const ada = await createVisibleMember(ctx, site, { name: `Adaline${stamp}` });
    await ctx.db
      .update(users)
      .set({ email: `Ada.${stamp}@Example.com` })
      .where(eq(users.id, ada.id));
    const bob = await createVisibleMember(ctx, other, { name: `Bobbie${stamp}` });
    const search = (query: Record<string, unknown>) =>
      ctx.services.membersAdmin.search({ page: 1, page_size: 25, sort: 'id', dir: 'desc', ...query } as never, { offset: 0, limit: 26 }, null);

    expect((await search({ q: String(ada.id) })).map((row) => row.id)).toEqual([ada.id]);
    expect((await search({ q: `#${bob.id}` })).map((row) => row.id)).toEqual([bob.id]);
    expect((await search({ q: `ada.${stamp}@example.COM` })).map((row) => row.id)).toEqual([ada.id]);
    expect((await search({ q: `ada.${stamp}@` })).map((row) => row.id)).toEqual([ada.id]);
    expect((await search({ q: `adaline${stamp}` })).map((row) => row.id)).toEqual([ada.id]);
    expect((await search({ q: `bobbie${stamp}`, site_id: site.id })).map((row) => row.id)).toEqual([]);
    expect((await search({ q: `bobbie${stamp}`, site_id: other.id })).map((row) => row.id)).toEqual([bob.id]);
    // LIKE's wildcards are plain characters, and an id past the column finds nobody.
    expect(await search({ q: '%' })).toEqual([]);
    expect(await search({ q: '_' })).toEqual([]);
    expect(await search({ q: '99999999999' })).toEqual([]);

    await ctx.services.membersAdmin.ban(await actor('admin'), bob.id, 'spam in every chat');
    const banned = await search({ status: 'banned' });
    expect(banned.map((row) => row.id)).toContain(bob.id);
    expect((await search({ status: 'active', q: `bobbie${stamp}` })).map((row) => row.id)).toEqual([]);

    const page = await ctx.services.membersAdmin.search({ page: 1, page_size: 25, sort: 'id', dir: 'asc' } as never, { offset: 0, limit: 3 }, null);
    expect(page.map((row) => row.id)).toEqual([...page.map((row) => row.id)].sort((a, b) => a - b));
  });
});

describe('member page', () => {
  it('shows conversations as metadata only; reading their text is audited', async () => {
    const memberId = await member(100);
    const partner = await createVisibleMember(ctx, site, { gender: 'male' });
    await ctx.db.update(users).set({ paidUser: true }).where(eq(users.id, memberId));
    await ctx.services.chat.send(site, memberId, { profileId: partner.id, kind: 'text', text: 'a private hello', clientId: `page-${memberId}` });
    const page = await ctx.services.membersAdmin.detail(memberId, null);
    expect(page.conversations).toHaveLength(1);
    expect(page.conversations[0]).toMatchObject({ partner_id: partner.id, message_count: 1, started_by_member: true });
    expect(JSON.stringify(page)).not.toContain('a private hello');

    const admin = await actor('admin');
    const read = await ctx.services.membersAdmin.readConversation(admin, memberId, page.conversations[0].id);
    expect(read.messages.map((message) => [message.text, message.from_member])).toEqual([['a private hello', true]]);
    const [row] = await auditOf('conversation', page.conversations[0].id);
    expect(row).toMatchObject({ action: 'member.messages_read', staffId: admin.id, role: 'admin' });
    // Someone else's conversation through this member's page: not found.
    const stranger = await member(0);
    expect((await failure(ctx.services.membersAdmin.readConversation(admin, stranger, page.conversations[0].id))).code).toBe('not_found');
  });
});

describe('ban', () => {
  it('ends every session at once, refuses the log-in with account_banned, hides the profile, and is audited; lifting restores', async () => {
    const signed = await signUpMember(ctx, site, { email: `banned${Date.now()}@example.com` });
    const memberId = signed.user.id;
    await ctx.services.sessions.start(memberId, 'second browser');
    const admin = await actor('support');

    const page = await ctx.services.membersAdmin.ban(admin, memberId, 'scam messages');
    expect(page.member).toMatchObject({ status: 'banned', ban_reason: 'scam messages' });
    expect(page.sessions).toEqual([]);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, memberId))).toEqual([]);
    const [profile] = await ctx.db.select({ visible: profiles.visible }).from(profiles).where(eq(profiles.id, memberId));
    expect(profile.visible).toBe(false);
    const login = await failure(ctx.services.accounts.login(site, signed.input.email!, signed.input.password!, { userAgent: 'test' }, { ip: '198.51.100.77' }));
    expect(login.code).toBe('account_banned');
    const [row] = await auditOf('member', memberId);
    expect(row).toMatchObject({ action: 'member.ban', staffId: admin.id });
    expect(row.diff.after).toMatchObject({ banned: true, ban_reason: 'scam messages', sessions_ended: 2 });

    const lifted = await ctx.services.membersAdmin.liftBan(admin, memberId, 'appeal accepted');
    expect(lifted.member.status).not.toBe('banned');
    expect((await auditOf('member', memberId)).map((entry) => entry.action)).toEqual(['member.ban', 'member.lift_ban']);
    // Lifting again changes nothing and records nothing.
    await ctx.services.membersAdmin.liftBan(admin, memberId, 'appeal accepted');
    expect(await auditOf('member', memberId)).toHaveLength(2);
    await ctx.services.accounts.login(site, signed.input.email!, signed.input.password!, { userAgent: 'test' }, { ip: '198.51.100.77' });
  });

  it('changes nothing when its audit row cannot be written (one transaction)', async () => {
    const memberId = await member(0);
    await ctx.services.sessions.start(memberId, 'browser');
    const broken: AuditService = { ...createAuditService({ db: ctx.db, clock: ctx.clock }), record: async () => Promise.reject(new Error('audit down')) };
    const service = createMembersAdminService({
      db: ctx.db,
      audit: broken,
      clock: ctx.clock,
      transactions: ctx.services.transactions,
      findSite: async () => site,
      sendReactivation: async () => undefined,
    });
    await expect(service.ban(await actor('admin'), memberId, 'does not stick')).rejects.toThrow('audit down');
    await expect(
      service.correctCredits(await actor('admin'), memberId, { delta: 5, reason: 'does not stick', idempotencyKey: `broken-${memberId}` }),
    ).rejects.toThrow('audit down');
    // The member's own rules run inside the audit's transaction: they do not stick either.
    await expect(service.signOutEverywhere(await actor('admin'), memberId)).rejects.toThrow('audit down');
    await expect(service.deleteAccount(await actor('admin'), memberId, 'does not stick')).rejects.toThrow('audit down');
    expect(
      await ctx.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'purge_account' and ${jobs.payload}->>'userId' = ${String(memberId)}`),
    ).toHaveLength(0);
    const unconfirmed = (await signUpMember(ctx, site, { email: `unconfirmed${Date.now()}@example.com` })).user.id;
    await expect(service.confirmEmail(await actor('admin'), unconfirmed)).rejects.toThrow('audit down');
    expect((await ctx.db.select().from(users).where(eq(users.id, unconfirmed)))[0].status).toBe('not_confirmed');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, memberId));
    expect(row.status).not.toBe('deleted');
    expect(row.bannedAt).toBeNull();
    expect(row.credits).toBe(0);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, memberId))).toHaveLength(1);
  });
});

describe('credit correction', () => {
  it('is a ledger entry with its reason, positive or negative, never below zero, audited', async () => {
    const memberId = await member(20);
    const admin = await actor('admin');
    await ctx.services.membersAdmin.correctCredits(admin, memberId, { delta: 15, reason: 'goodwill after an outage', idempotencyKey: `plus-${memberId}` });
    await ctx.services.membersAdmin.correctCredits(admin, memberId, { delta: -30, reason: 'double grant', idempotencyKey: `minus-${memberId}` });
    expect(await balanceOf(memberId)).toBe(5);
    const refused = await failure(
      ctx.services.membersAdmin.correctCredits(admin, memberId, { delta: -6, reason: 'too much', idempotencyKey: `under-${memberId}` }),
    );
    expect([refused.code, refused.params]).toEqual(['credits_below_zero', { credits: 5 }]);
    expect(await balanceOf(memberId)).toBe(5);

    const rows = await ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, memberId), eq(creditLedger.reason, 'adjustment')))
      .orderBy(creditLedger.id);
    expect(rows.map((row) => [row.delta, row.balanceAfter])).toEqual([
      [15, 35],
      [-30, 5],
    ]);
    const audits = await auditOf('member', memberId);
    expect(audits.map((entry) => [entry.action, entry.diff.before, entry.diff.after])).toEqual([
      ['member.credits_correct', { credits: 20 }, { credits: 35, delta: 15, reason: 'goodwill after an outage' }],
      ['member.credits_correct', { credits: 35 }, { credits: 5, delta: -30, reason: 'double grant' }],
    ]);
  });

  it('books a retried correction once, even when both arrive at the same time', async () => {
    const memberId = await member(0);
    const admin = await actor('owner');
    const once = () => ctx.services.membersAdmin.correctCredits(admin, memberId, { delta: 40, reason: 'apology', idempotencyKey: `same-key-${memberId}` });
    await Promise.all([once(), once()]);
    await once();
    expect(await balanceOf(memberId)).toBe(40);
    expect(await auditOf('member', memberId)).toHaveLength(1);
  });

  it('never lets two corrections race the balance below zero', async () => {
    const memberId = await member(30);
    const admin = await actor('admin');
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map((index) =>
        ctx.services.membersAdmin.correctCredits(admin, memberId, { delta: -20, reason: 'race', idempotencyKey: `race-${memberId}-${index}` }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(memberId)).toBe(10);
  });
});

describe('refund by staff', () => {
  it('refunds through the provider once, audited; a retry refunds nothing more', async () => {
    const memberId = await member(20);
    const orderId = await buy(memberId, 50);
    const admin = await actor('admin');
    const done = await ctx.services.membersAdmin.refundOrder(admin, memberId, orderId, 'member asked by phone');
    expect(done.refunded).toEqual({ order_id: orderId, credits: 50, price: { amount: 995, currency: 'EUR' } });
    expect(done.orders.find((order) => order.id === orderId)?.refund).toMatchObject({ credits: 50 });
    expect(await paidBack(memberId)).toBe(995);
    expect(await balanceOf(memberId)).toBe(20);

    expect((await failure(ctx.services.membersAdmin.refundOrder(admin, memberId, orderId, 'member asked by phone'))).code).toBe('refund_unavailable');
    expect(await paidBack(memberId)).toBe(995);
    const audits = await auditOf('order', orderId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'order.refund', staffId: admin.id });
    expect(audits[0].diff.after).toMatchObject({ member_id: memberId, credits: 50, amount: 995, currency: 'EUR', reason: 'member asked by phone' });
    // The member's own transactions show it.
    const listed = await ctx.services.transactions.list(site, memberId, orderId);
    expect(listed.orders[0].refund?.credits).toBe(50);
  });

  it('pays back once when two staff refund the same order at the same time', async () => {
    const memberId = await member(20);
    const orderId = await buy(memberId, 50);
    const [first, second] = [await actor('admin'), await actor('owner')];
    const outcomes = await Promise.allSettled([
      ctx.services.membersAdmin.refundOrder(first, memberId, orderId, 'duplicate'),
      ctx.services.membersAdmin.refundOrder(second, memberId, orderId, 'duplicate'),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect(await paidBack(memberId)).toBe(995);
    expect(await auditOf('order', orderId)).toHaveLength(1);
  });

  it('keeps support within the refund limit the owner set, and refunds only unused bought credits', async () => {
    const memberId = await member(20);
    const orderId = await buy(memberId, 50);
    const limited = await actor('support', 40);
    const refused = await failure(ctx.services.membersAdmin.refundOrder(limited, memberId, orderId, 'over the limit'));
    expect([refused.code, refused.params]).toEqual(['refund_over_limit', { limit: 40 }]);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    expect(await auditOf('order', orderId)).toEqual([]);
    expect(await paidBack(memberId)).toBe(0);
    expect(await balanceOf(memberId)).toBe(70);

    // Spending 15 leaves 35 bought credits unused: within support's limit.
    await bookCredits(ctx.db, { userId: memberId, delta: -15, reason: 'message', reference: `spend-${memberId}`, at: ctx.clock.now() });
    const done = await ctx.services.membersAdmin.refundOrder(limited, memberId, orderId, 'within the limit');
    expect(done.refunded.credits).toBe(35);
    expect(await balanceOf(memberId)).toBe(20);
    // The owner raises a limit and support sees it at once: the limit is read in the refund's transaction.
    expect((await failure(ctx.services.membersAdmin.refundOrder(await actor('support', 0), memberId, orderId, 'again'))).code).toBe('refund_unavailable');
  });

  it('refunds outside the member’s own refund window, and never an order of another member', async () => {
    const memberId = await member(0);
    const orderId = await buy(memberId, 50);
    ctx.clock.advance(20 * 86_400_000);
    expect((await ctx.services.transactions.list(site, memberId)).orders[0].refundable_credits).toBe(0);
    const other = await member(0);
    const admin = await actor('admin');
    expect((await failure(ctx.services.membersAdmin.refundOrder(admin, other, orderId, 'wrong member'))).code).toBe('not_found');
    const done = await ctx.services.membersAdmin.refundOrder(admin, memberId, orderId, 'late complaint upheld');
    expect(done.refunded.credits).toBe(50);
  });
});

describe('other actions', () => {
  it('confirms the address, unblocks direct debit, signs out everywhere, each with its audit row', async () => {
    const signed = await signUpMember(ctx, site, { email: `confirm${Date.now()}@example.com` });
    const memberId = signed.user.id;
    await ctx.db.update(users).set({ directDebitBlocked: true }).where(eq(users.id, memberId));
    const support = await actor('support');
    const confirmed = await ctx.services.membersAdmin.confirmEmail(support, memberId);
    expect(confirmed.member.status).toBe('active');
    expect(confirmed.profile.status).toBe('active');
    const unblocked = await ctx.services.membersAdmin.unblockDirectDebit(support, memberId, 'bank confirmed the debit');
    expect(unblocked.member.direct_debit_blocked).toBe(false);
    await ctx.services.sessions.start(memberId, 'another');
    const signedOut = await ctx.services.membersAdmin.signOutEverywhere(support, memberId);
    expect(signedOut.sessions).toEqual([]);
    expect((await auditOf('member', memberId)).map((entry) => entry.action)).toEqual([
      'member.confirm_email',
      'member.unblock_direct_debit',
      'member.sign_out',
    ]);
  });

  it('deletes the account as the member would: hidden, signed out, restore link mailed, purge queued', async () => {
    const signed = await signUpMember(ctx, site, { email: `deleted${Date.now()}@example.com` });
    const memberId = signed.user.id;
    const admin = await actor('admin');
    const page = await ctx.services.membersAdmin.deleteAccount(admin, memberId, 'asked by e-mail');
    expect(page.member.status).toBe('deleted');
    expect(page.sessions).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'purge_account' and ${jobs.payload}->>'userId' = ${String(memberId)}`),
    ).toHaveLength(1);
    expect(ctx.mailer.last(signed.input.email!)).toBeTruthy();
    expect((await failure(ctx.services.membersAdmin.deleteAccount(admin, memberId, 'again'))).code).toBe('member_deleted');
    expect((await auditOf('member', memberId)).map((entry) => entry.action)).toEqual(['member.delete']);
  });

  it('exports the member’s data, with message text only for staff who may read messages, and audits it', async () => {
    const memberId = await member(100);
    const partner = await createVisibleMember(ctx, site, { gender: 'male' });
    await ctx.db.update(users).set({ paidUser: true }).where(eq(users.id, memberId));
    await ctx.services.chat.send(site, memberId, { profileId: partner.id, kind: 'text', text: 'exported words', clientId: `export-${memberId}` });
    const bySupport = await ctx.services.membersAdmin.exportData(await actor('support'), memberId);
    expect(bySupport.credit_ledger.length).toBeGreaterThan(0);
    expect(JSON.stringify(bySupport)).not.toContain('exported words');
    const byAdmin = await ctx.services.membersAdmin.exportData(await actor('admin'), memberId);
    expect(JSON.stringify(byAdmin)).toContain('exported words');
    expect(JSON.stringify(byAdmin)).not.toContain('password');
    expect((await auditOf('member', memberId)).map((entry) => entry.action)).toEqual(['member.export', 'member.export']);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { auditLog, orders, users, type SiteRow } from '../../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
let owner: Awaited<ReturnType<typeof createStaffMember>>;
let support: Awaited<ReturnType<typeof createStaffMember>>;
let moderator: Awaited<ReturnType<typeof createStaffMember>>;
let host: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  owner = await createStaffMember(ctx, 'owner');
  support = await createStaffMember(ctx, 'support', { goodwillPerGrant: 20, goodwillPer30Days: 30 });
  moderator = await createStaffMember(ctx, 'moderator');
  host = await createStaffMember(ctx, 'host');
  // Building the services takes long on a busy machine.
}, 240_000);
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, cookies: Record<string, string>) => ctx.app.inject({ method: 'POST', url, cookies, payload: payload as object });
const auditsOf = (action: string, memberId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(memberId))));

describe('POST /api/admin/members/:id/goodwill', () => {
  it('gives support credits within the limit, audited, and refuses above it with what is left', async () => {
    const member = await createVisibleMember(ctx, site);
    const given = await post(
      `/api/admin/members/${member.id}/goodwill`,
      { credits: 20, reason: 'app crashed', idempotency_key: 'goodwill-http-1' },
      support.cookies,
    );
    expect(given.statusCode).toBe(200);
    expect(given.json().member.credits).toBe(20);
    expect(await auditsOf('member.goodwill_credits', member.id)).toHaveLength(1);

    const over = await post(`/api/admin/members/${member.id}/goodwill`, { credits: 11, reason: 'again', idempotency_key: 'goodwill-http-2' }, support.cookies);
    expect([over.statusCode, over.json().error, over.json().message]).toEqual([
      403,
      'goodwill_over_limit',
      'This is above your goodwill limit: you may give 10 more credits now.',
    ]);
    expect(await auditsOf('member.goodwill_credits', member.id)).toHaveLength(1);
  });

  it('refuses malformed input with 400 and roles without the permission with 403', async () => {
    const member = await createVisibleMember(ctx, site);
    for (const body of [
      { credits: 0, reason: 'zero', idempotency_key: 'goodwill-http-3' },
      { credits: -5, reason: 'negative', idempotency_key: 'goodwill-http-4' },
      { credits: 5, reason: 'x', idempotency_key: 'goodwill-http-5' },
      { credits: 5, reason: 'no key' },
      { credits: 1.5, reason: 'fraction', idempotency_key: 'goodwill-http-6' },
    ]) {
      const response = await post(`/api/admin/members/${member.id}/goodwill`, body, support.cookies);
      expect([JSON.stringify(body), response.statusCode, response.json().error]).toEqual([JSON.stringify(body), 400, 'validation_failed']);
    }
    const forbidden = await post(
      `/api/admin/members/${member.id}/goodwill`,
      { credits: 5, reason: 'moderator', idempotency_key: 'goodwill-http-7' },
      moderator.cookies,
    );
    expect([forbidden.statusCode, forbidden.json().error]).toEqual([403, 'staff_forbidden']);
    expect(
      (await post('/api/admin/members/2000000000/goodwill', { credits: 5, reason: 'nobody', idempotency_key: 'goodwill-http-8' }, owner.cookies)).statusCode,
    ).toBe(404);
  });
});

describe('/api/admin/members/:id/notes', () => {
  it('lets every role that may see the member read and write notes, audited; hosts get 403', async () => {
    const member = await createVisibleMember(ctx, site);
    const written = await post(`/api/admin/members/${member.id}/notes`, { text: 'Wants mail in German.' }, moderator.cookies);
    expect(written.statusCode).toBe(200);
    expect(written.json().notes[0]).toMatchObject({ body: 'Wants mail in German.', author: expect.stringMatching(/^moderator/) });
    const read = await ctx.app.inject({ url: `/api/admin/members/${member.id}/notes`, cookies: support.cookies });
    expect(read.json().notes.map((note: { body: string }) => note.body)).toEqual(['Wants mail in German.']);
    expect(await auditsOf('member.note_add', member.id)).toHaveLength(1);

    expect((await ctx.app.inject({ url: `/api/admin/members/${member.id}/notes`, cookies: host.cookies })).statusCode).toBe(403);
    expect((await post(`/api/admin/members/${member.id}/notes`, { text: 'host' }, host.cookies)).statusCode).toBe(403);
    for (const body of [{ text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }, { text: 'ok', extra: 1 }]) {
      expect((await post(`/api/admin/members/${member.id}/notes`, body, support.cookies)).statusCode).toBe(400);
    }
  });
});

describe('POST /api/admin/members/:id/block-direct-debit', () => {
  it('blocks direct debit with a reason, audited once; moderators may not', async () => {
    const member = await createVisibleMember(ctx, site);
    expect((await post(`/api/admin/members/${member.id}/block-direct-debit`, { reason: 'returned debit' }, moderator.cookies)).statusCode).toBe(403);
    expect((await post(`/api/admin/members/${member.id}/block-direct-debit`, {}, support.cookies)).statusCode).toBe(400);
    const blocked = await post(`/api/admin/members/${member.id}/block-direct-debit`, { reason: 'returned debit' }, support.cookies);
    expect([blocked.statusCode, blocked.json().member.direct_debit_blocked]).toEqual([200, true]);
    await post(`/api/admin/members/${member.id}/block-direct-debit`, { reason: 'returned debit' }, support.cookies);
    const [row] = await ctx.db.select({ blocked: users.directDebitBlocked }).from(users).where(eq(users.id, member.id));
    expect(row.blocked).toBe(true);
    const audits = await auditsOf('member.block_direct_debit', member.id);
    expect(audits).toHaveLength(1);
    expect(audits[0].diff.after).toMatchObject({ reason: 'returned debit' });
  });
});

describe('GET /api/admin/orders', () => {
  it('names the member with name and e-mail, and finds an order by its provider payment id', async () => {
    const member = await createVisibleMember(ctx, site, { name: 'Orderly' });
    const now = ctx.clock.now();
    const paymentId = `tr_toolbox${Date.now()}`;
    await ctx.db.insert(orders).values({
      userId: member.id,
      siteId: site.id,
      credits: 50,
      amount: 995,
      listAmount: 995,
      currency: 'EUR',
      country: 'NL',
      paymentMethod: 'ideal',
      provider: 'mollie',
      providerPaymentId: paymentId,
      clientId: `toolbox-${Date.now()}`,
      createdAt: now,
      updatedAt: now,
    });
    const found = await ctx.app.inject({ url: `/api/admin/orders?payment_id=${paymentId}`, cookies: owner.cookies });
    expect(found.statusCode).toBe(200);
    expect(found.json().items).toHaveLength(1);
    expect(found.json().items[0]).toMatchObject({ user_id: member.id, member_name: 'Orderly', member_email: member.email, provider_payment_id: paymentId });
    expect((await ctx.app.inject({ url: '/api/admin/orders?payment_id=tr_%3Cx%3E', cookies: owner.cookies })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `/api/admin/orders?payment_id=${paymentId}`, cookies: support.cookies })).statusCode).toBe(403);
  });
});

describe('PATCH /api/admin/staff/:id goodwill limits', () => {
  it('lets an owner set a staff member’s goodwill limits, audited', async () => {
    const target = await createStaffMember(ctx, 'support');
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${target.member.id}`,
      cookies: owner.cookies,
      payload: { version: target.member.version, goodwill_per_grant: 25, goodwill_per_30_days: 100 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ goodwill_per_grant: 25, goodwill_per_30_days: 100 });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.update'), eq(auditLog.targetId, String(target.member.id))));
    expect(audit.diff.after).toMatchObject({ goodwill_per_grant: 25, goodwill_per_30_days: 100 });
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${target.member.id}`,
      cookies: owner.cookies,
      payload: { version: target.member.version + 1, goodwill_per_grant: -1 },
    });
    expect(refused.statusCode).toBe(400);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { bookCredits } from '../../../domain/credits/ledger';
import { auditLog, users, type SiteRow } from '../../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
let admin: Awaited<ReturnType<typeof createStaffMember>>;
let moderator: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  admin = await createStaffMember(ctx, 'admin');
  moderator = await createStaffMember(ctx, 'moderator');
});
afterAll(() => ctx.close());

const get = (url: string, cookies = admin.cookies) => ctx.app.inject({ url, cookies });
const post = (url: string, payload: unknown, cookies = admin.cookies) => ctx.app.inject({ method: 'POST', url, cookies, payload: payload as object });
const auditCount = async () => (await ctx.db.select().from(auditLog)).length;

describe('GET /api/admin/members', () => {
  it('answers one sorted page with has_more and no total', async () => {
    const stamp = Date.now();
    const made = [];
    for (let index = 0; index < 3; index++) made.push(await createVisibleMember(ctx, site, { name: `Paged${stamp}x${index}` }));
    const first = await get(`/api/admin/members?q=paged${stamp}&page_size=25&sort=id&dir=asc`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 1, page_size: 25, has_more: false });
    expect(body.items.map((item: { id: number }) => item.id)).toEqual(made.map((user) => user.id));
    expect(body.items[0]).toMatchObject({ site_id: site.id, site_name: site.name, status: 'active', name: `Paged${stamp}x0` });
    expect(body).not.toHaveProperty('total');

    const byId = await get(`/api/admin/members?q=${made[1].id}`);
    expect(byId.json().items.map((item: { id: number }) => item.id)).toEqual([made[1].id]);
  });

  it('refuses bad paging, sorting and filters with 400 and a message', async () => {
    for (const query of ['page_size=7', 'page=0', 'page=401', 'sort=email', 'dir=up', 'status=gone', 'site_id=-1', 'q=%00x']) {
      const response = await get(`/api/admin/members?${query}`);
      expect([query, response.statusCode, response.json().error]).toEqual([query, 400, 'validation_failed']);
    }
  });

  it('lets a moderator search but not act', async () => {
    const member = await createVisibleMember(ctx, site);
    expect((await get(`/api/admin/members/${member.id}`, moderator.cookies)).statusCode).toBe(200);
    const remove = await post(`/api/admin/members/${member.id}/delete`, { reason: 'not allowed' }, moderator.cookies);
    expect([remove.statusCode, remove.json().error]).toEqual([403, 'staff_forbidden']);
  });
});

describe('member page and actions over HTTP', () => {
  it('answers 404 for a member that does not exist, and 404 past the id column', async () => {
    expect((await get('/api/admin/members/2000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/members/99999999999')).statusCode).toBe(404);
    expect((await post('/api/admin/members/2000000000/ban', { reason: 'nobody here' })).statusCode).toBe(404);
  });

  it('bans with a reason, refuses a ban without one (nothing changes), and lifts it', async () => {
    const member = await createVisibleMember(ctx, site);
    const before = await auditCount();
    const missing = await post(`/api/admin/members/${member.id}/ban`, { reason: ' ' });
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'validation_failed']);
    expect(await auditCount()).toBe(before);
    expect((await ctx.db.select().from(users).where(eq(users.id, member.id)))[0].bannedAt).toBeNull();

    const banned = await post(`/api/admin/members/${member.id}/ban`, { reason: 'fake profile photos' });
    expect(banned.statusCode).toBe(200);
    expect(banned.json().member).toMatchObject({ status: 'banned', ban_reason: 'fake profile photos' });
    const lifted = await post(`/api/admin/members/${member.id}/lift-ban`, { reason: 'photos were real' });
    expect(lifted.json().member.status).toBe('active');
    expect(await auditCount()).toBe(before + 2);
  });

  it('corrects credits with a reason and a key, 409 below zero, and refuses a zero or fractional delta', async () => {
    const member = await createVisibleMember(ctx, site);
    await bookCredits(ctx.db, { userId: member.id, delta: 10, reason: 'signup_bonus', at: ctx.clock.now() });
    const url = `/api/admin/members/${member.id}/credit-corrections`;
    for (const delta of [0, 1.5, '5']) expect((await post(url, { delta, reason: 'typo', idempotency_key: `bad-key-${member.id}` })).statusCode).toBe(400);
    const below = await post(url, { delta: -11, reason: 'too much', idempotency_key: `below-key-${member.id}` });
    expect([below.statusCode, below.json().error], below.body).toEqual([409, 'credits_below_zero']);
    const added = await post(url, { delta: 5, reason: 'goodwill', idempotency_key: `add-key-${member.id}` });
    expect(added.json().member.credits).toBe(15);
    const retried = await post(url, { delta: 5, reason: 'goodwill', idempotency_key: `add-key-${member.id}` });
    expect(retried.json().member.credits).toBe(15);
    expect(added.json().ledger[0]).toMatchObject({ delta: 5, reason: 'adjustment', balance_after: 15 });
  });

  it('keeps message text behind members.messages: support gets 403, an admin reads it', async () => {
    const writer = await createVisibleMember(ctx, site, { paidUser: true });
    await bookCredits(ctx.db, { userId: writer.id, delta: 100, reason: 'signup_bonus', at: ctx.clock.now() });
    const partner = await createVisibleMember(ctx, site, { gender: 'male' });
    await ctx.services.chat.send(site, writer.id, { profileId: partner.id, kind: 'text', text: 'only for admins', clientId: `http-${writer.id}` });
    const page = (await get(`/api/admin/members/${writer.id}`)).json();
    const url = `/api/admin/members/${writer.id}/conversations/${page.conversations[0].id}/messages`;
    const support = await createStaffMember(ctx, 'support');
    expect((await get(url, support.cookies)).statusCode).toBe(403);
    const read = await get(url);
    expect(read.json().messages[0]).toMatchObject({ text: 'only for admins', from_member: true });
  });

  it('exports as a JSON download', async () => {
    const member = await createVisibleMember(ctx, site);
    const response = await get(`/api/admin/members/${member.id}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="member-${member.id}.json"`);
    expect(response.json().account.id).toBe(member.id);
  });

  it('refuses a refund without a reason, and of an order that does not exist', async () => {
    const member = await createVisibleMember(ctx, site);
    expect((await post(`/api/admin/members/${member.id}/orders/1/refund`, {})).statusCode).toBe(400);
    expect((await post(`/api/admin/members/${member.id}/orders/2000000000/refund`, { reason: 'no such order' })).statusCode).toBe(404);
  });
});

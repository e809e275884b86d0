import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createOrder } from '../../../../tests/factories/orders';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';

let ctx: TestContext;
let mine: SiteRow;
let theirs: SiteRow;
let owner: Awaited<ReturnType<typeof createStaffMember>>;
let admin: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  mine = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  theirs = await createSite(ctx.db);
  owner = await createStaffMember(ctx, 'owner');
  admin = await createStaffMember(ctx, 'admin');
  const limited = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/staff/${admin.member.id}`,
    cookies: owner.cookies,
    payload: { version: admin.member.version, site_ids: [mine.id] },
  });
  expect(limited.statusCode).toBe(200);
  expect(limited.json().site_ids).toEqual([mine.id]);
});
afterAll(() => ctx.close());

describe('console routes for staff limited to chosen sites', () => {
  it('answers 404 for another site’s member, report and order, and lists only the allowed site', async () => {
    const ours = await createVisibleMember(ctx, mine);
    const other = await createVisibleMember(ctx, theirs);
    const reporter = await createVisibleMember(ctx, theirs);
    const { id: reportId } = await ctx.services.reports.create(theirs, reporter.id, { profile_id: other.id, reason: 'spam_or_scam' });
    const order = await createOrder(ctx.db, { siteId: theirs.id, userId: other.id, createdAt: ctx.clock.now() });
    const get = (url: string) => ctx.app.inject({ url, cookies: admin.cookies });

    expect((await get(`/api/admin/members/${other.id}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/members/${ours.id}`)).statusCode).toBe(200);
    expect((await get(`/api/admin/reports/${reportId}`)).statusCode).toBe(404);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/members/${other.id}/orders/${order.id}/refund`,
      cookies: admin.cookies,
      payload: { reason: 'asked' },
    });
    expect(refund.statusCode).toBe(404);
    const ban = await ctx.app.inject({ method: 'POST', url: `/api/admin/members/${other.id}/ban`, cookies: admin.cookies, payload: { reason: 'spam' } });
    expect(ban.statusCode).toBe(404);

    const members = (await get('/api/admin/members?page_size=100')).json();
    expect(members.items.map((item: { id: number }) => item.id)).toContain(ours.id);
    expect(members.items.map((item: { id: number }) => item.id)).not.toContain(other.id);
    expect(members.sites.map((site: { id: number }) => site.id)).toEqual([mine.id]);
    expect((await get('/api/admin/reports?status=all&page_size=100')).json().items.map((item: { id: number }) => item.id)).not.toContain(reportId);
    expect((await get('/api/admin/orders?page_size=100')).json().items.map((item: { id: number }) => item.id)).not.toContain(order.id);

    // The owner is never limited.
    expect((await ctx.app.inject({ url: `/api/admin/members/${other.id}`, cookies: owner.cookies })).statusCode).toBe(200);
  });

  it('counts the business figures and chargebacks of the allowed site only, and keeps the shared threshold for unlimited staff', async () => {
    const get = (url: string, cookies = admin.cookies) => ctx.app.inject({ url, cookies });
    const other = await createVisibleMember(ctx, theirs);
    await createOrder(ctx.db, { siteId: theirs.id, userId: other.id, createdAt: ctx.clock.now(), creditedAt: ctx.clock.now() });

    expect((await get(`/api/admin/figures?period=4w&site_id=${theirs.id}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/figures.csv?period=4w&site_id=${theirs.id}`)).statusCode).toBe(404);
    const limited = (await get('/api/admin/figures?period=4w')).json();
    const ownerMine = (await get(`/api/admin/figures?period=4w&site_id=${mine.id}`, owner.cookies)).json();
    const ownerAll = (await get('/api/admin/figures?period=4w', owner.cookies)).json();
    expect(limited.members).toEqual(ownerMine.members);
    expect(limited.conversion).toEqual(ownerMine.conversion);
    expect(ownerAll.conversion.signups).toBeGreaterThan(limited.conversion.signups);

    expect((await get(`/api/admin/chargebacks/ratio?site_id=${theirs.id}`)).json().rows).toEqual([]);
    expect((await get(`/api/admin/chargebacks?site_id=${theirs.id}`)).json().items).toEqual([]);
    const threshold = await ctx.app.inject({ method: 'PUT', url: '/api/admin/chargebacks/settings', cookies: admin.cookies, payload: { warning_percent: 5 } });
    expect([threshold.statusCode, threshold.json().error]).toEqual([403, 'staff_sites_limited']);
  });

  it('invites with chosen sites and refuses a site that does not exist', async () => {
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      cookies: owner.cookies,
      payload: { email: 'limited-mod@ops.example', role: 'moderator', site_ids: [theirs.id] },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().staff.site_ids).toEqual([theirs.id]);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      cookies: owner.cookies,
      payload: { email: 'nowhere@ops.example', role: 'moderator', site_ids: [2_000_000_000] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('staff_site_unknown');
  });
});

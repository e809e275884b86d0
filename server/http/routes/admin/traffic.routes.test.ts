import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  // "Today" for the default period; staff sessions are made after it, so they are live then.
  ctx.clock.set(new Date('2026-04-20T08:00:00Z'));
  admin = await createStaffMember(ctx, 'admin');
});
afterAll(() => ctx.close());

describe('GET /api/admin/traffic', () => {
  it('answers the last 7 days of one site by default', async () => {
    const site = await createSite(ctx.db);
    await signUpMember(ctx, site, { network: 'mailnet', ref: 'spring' });
    await ctx.services.pageVisits.record(
      { siteId: site.id, memberId: null, hasStatisticsConsent: false, visitorId: null },
      { path: '/landers/gallery', ms: 2000, lb: true, bounced: true },
    );
    const response = await ctx.app.inject({ url: `/api/admin/traffic?site_id=${site.id}`, cookies: admin.cookies });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      site: { id: site.id, name: site.name },
      sites: expect.arrayContaining([{ id: site.id, name: site.name }]),
      from: '2026-04-14',
      to: '2026-04-20',
      signups: [{ network: 'mailnet', ref: 'spring', count: 1 }],
      signups_total: 1,
      landing_pages: [{ path: '/landers/gallery', visits: 1, bounces: 1, bounce_rate: 1, median_ms: 2000 }],
    });
  });

  it.each([
    ['from=2026-01-10&to=2026-01-01', 'querystring.to'],
    ['from=2026-01-01&to=2026-04-03', 'querystring.to'],
    ['from=2026-02-30&to=2026-03-01', 'querystring.from'],
    ['from=2026-01-01', 'querystring.to'],
    ['to=yesterday', 'querystring.to'],
  ])('refuses the period %s with 400 naming %s', async (period, field) => {
    const site = await createSite(ctx.db);
    const response = await ctx.app.inject({ url: `/api/admin/traffic?site_id=${site.id}&${period}`, cookies: admin.cookies });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((problem: { field: string }) => problem.field)).toContain(field);
  });

  it('takes exactly 92 days, 404 for an unknown site, and only roles that read figures', async () => {
    const site = await createSite(ctx.db);
    expect((await ctx.app.inject({ url: `/api/admin/traffic?site_id=${site.id}&from=2026-01-01&to=2026-04-02`, cookies: admin.cookies })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/admin/traffic?site_id=999999', cookies: admin.cookies })).statusCode).toBe(404);
    const moderator = await createStaffMember(ctx, 'moderator');
    expect((await ctx.app.inject({ url: `/api/admin/traffic?site_id=${site.id}`, cookies: moderator.cookies })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/admin/traffic?site_id=${site.id}` })).statusCode).toBe(401);
  });
});

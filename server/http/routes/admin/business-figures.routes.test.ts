import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  ctx.clock.set(new Date('2026-04-22T12:00:00Z'));
  owner = await createStaffMember(ctx, 'owner');
});
afterAll(() => ctx.close());

describe('GET /api/admin/figures', () => {
  it('answers the last 13 weeks of every site by default, counting a sign-up by its traffic source', async () => {
    const site = await createSite(ctx.db);
    await signUpMember(ctx, site, { network: 'figuresnet', ref: 'spring', country: 'NL' });
    const response = await ctx.app.inject({ url: '/api/admin/figures?network=figuresnet', cookies: owner.cookies });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect([body.period, body.from, body.to]).toEqual(['13w', '2026-01-26', '2026-04-27']);
    expect(body.filters).toEqual({ site_id: null, network: 'figuresnet', ref: null, sub1: null, sub2: null, sub3: null, country: null });
    expect(body.conversion).toEqual({ signups: 1, buyers: 0, rate: 0 });
    expect(body.cohorts).toHaveLength(13);
    // The sign-up started a session: the member is active in their own week.
    expect(body.cohorts[12]).toEqual({ week: '2026-04-20', size: 1, active: [1], paying: [0] });
  });

  it('is for owners and admins only', async () => {
    const admin = await createStaffMember(ctx, 'admin');
    expect((await ctx.app.inject({ url: '/api/admin/figures', cookies: admin.cookies })).statusCode).toBe(200);
    for (const role of ['moderator', 'support', 'host'] as const) {
      const staff = await createStaffMember(ctx, role);
      expect((await ctx.app.inject({ url: '/api/admin/figures', cookies: staff.cookies })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: '/api/admin/figures.csv', cookies: staff.cookies })).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/api/admin/figures' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/figures.csv' })).statusCode).toBe(401);
  });

  it.each([
    ['period=1y', 'querystring.period'],
    ['site_id=abc', 'querystring.site_id'],
    ['country=XX', 'querystring.country'],
    ['network=', 'querystring.network'],
    [`sub1=${'x'.repeat(129)}`, 'querystring.sub1'],
    ['ref=%00', 'querystring.ref'],
  ])('refuses %s with 400 naming %s', async (search, field) => {
    const response = await ctx.app.inject({ url: `/api/admin/figures?${search}`, cookies: owner.cookies });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((problem: { field: string }) => problem.field)).toContain(field);
    expect((await ctx.app.inject({ url: `/api/admin/figures.csv?${search}`, cookies: owner.cookies })).statusCode).toBe(400);
  });

  it('answers 404 for a site that does not exist', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/figures?site_id=999999', cookies: owner.cookies })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/admin/figures.csv?site_id=999999', cookies: owner.cookies })).statusCode).toBe(404);
  });
});

describe('GET /api/admin/figures.csv', () => {
  it('downloads the same figures as a CSV file named after the period', async () => {
    const response = await ctx.app.inject({ url: '/api/admin/figures.csv?period=4w&network=figuresnet', cookies: owner.cookies });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="business-figures-4w.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines.slice(0, 5)).toEqual([
      'figure,currency,week,weeks_since_signup,value',
      'period,,,,4w',
      'from,,,,2026-03-30',
      'to,,,,2026-04-27',
      'filter_network,,,,figuresnet',
    ]);
    expect(lines).toContain('signups,,,,1');
    expect(lines).toContain('cohort_active,,2026-04-20,0,1');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createRefund } from '../../../../tests/factories/orders';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
let admin: Awaited<ReturnType<typeof createStaffMember>>;
const day = (date: string) => new Date(`${date}T10:00:00Z`);

beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  admin = await createStaffMember(ctx, 'admin');
  const paid = await createOrder(ctx.db, { siteId: site.id, createdAt: day('2026-11-02'), amount: 4995 });
  await createRefund(ctx.db, paid, { amount: 1000, createdAt: day('2026-11-03') });
  await createOrder(ctx.db, { siteId: site.id, createdAt: day('2026-11-04'), amount: 995, status: 'failed', providerPaymentId: '@SUM(A1:A9)' });
  for (let index = 0; index < 27; index++)
    await createOrder(ctx.db, { siteId: site.id, createdAt: new Date(day('2026-10-01').getTime() + index * 60_000), amount: 500 });
});
afterAll(() => ctx.close());

describe('orders over HTTP', () => {
  it('pages with next_after until the end, and refuses a bad filter or cursor with a 400', async () => {
    const first = await ctx.app.inject({ url: '/api/admin/orders?page_size=25', cookies: admin.cookies });
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toHaveLength(25);
    expect(first.json().items[0]).toMatchObject({ status: 'failed', site_name: site.name, currency: 'EUR' });
    const second = await ctx.app.inject({ url: `/api/admin/orders?page_size=25&after=${first.json().next_after}`, cookies: admin.cookies });
    expect(second.json()).toMatchObject({ next_after: null });
    expect(second.json().items).toHaveLength(4);

    for (const bad of ['status=refunded', 'page_size=1000', 'after=1;drop', 'from=yesterday', 'payment_method=cash', 'site_id=-1', 'sort=email']) {
      const response = await ctx.app.inject({ url: `/api/admin/orders?${bad}`, cookies: admin.cookies });
      expect([bad, response.statusCode, response.json().error]).toEqual([bad, 400, 'validation_failed']);
    }
  });

  it('gives totals for a period of up to 31 days and explains the limit otherwise', async () => {
    const totals = await ctx.app.inject({ url: '/api/admin/orders/totals?from=2026-11-01&to=2026-11-30', cookies: admin.cookies });
    expect(totals.json()).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      currencies: [{ currency: 'EUR', paid_count: 1, paid_amount: 4995, refunded_count: 1, refunded_amount: 1000 }],
    });
    const open = await ctx.app.inject({ url: '/api/admin/orders/totals', cookies: admin.cookies });
    expect(open.statusCode).toBe(400);
    expect(open.json()).toEqual({ error: 'order_totals_range', message: 'Totals need a date range (from and to) of at most 31 days.' });
  });

  it('streams the CSV export of the filter, formula cells defused, and records who exported it', async () => {
    const csv = await ctx.app.inject({ url: '/api/admin/orders.csv?status=failed', cookies: admin.cookies });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,"'@SUM(A1:A9)",`);
    const audit = (await ctx.app.inject({ url: '/api/admin/audit?action=orders.export', cookies: admin.cookies })).json();
    expect(audit.entries[0]).toMatchObject({ staff_email: admin.member.email, role: 'admin', after: { filter: { status: 'failed' } } });
  });
});

describe('discount codes over HTTP', () => {
  it('creates, lists and disables a code, each write in the audit log; a duplicate is a 409 with its message', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      cookies: admin.cookies,
      payload: {
        code: 'spring30',
        value_percentage: 30,
        country: 'NL',
        currency: 'EUR',
        minimum_order_value: 1000,
        validity: 'unlimited',
        payment_methods: ['ideal', 'paypal'],
      },
    });
    expect(created.statusCode).toBe(201);
    const code = created.json();
    expect(code).toMatchObject({ code: 'SPRING30', status: 'active', validity: 'unlimited', expires_at: null, user_id: null });

    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      cookies: admin.cookies,
      payload: { code: 'Spring30', value_percentage: 10 },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      error: 'discount_code_taken',
      message: 'A discount code with this text exists already. Choose another code.',
      fields: [{ field: 'body.code', code: 'discount_code_taken', problem: 'A discount code with this text exists already. Choose another code.' }],
    });

    const listed = await ctx.app.inject({ url: '/api/admin/discount-codes', cookies: admin.cookies });
    expect(listed.json().items.map((item: { code: string }) => item.code)).toContain('SPRING30');

    const disabled = await ctx.app.inject({ method: 'POST', url: `/api/admin/discount-codes/${code.id}/disable`, cookies: admin.cookies });
    expect(disabled.json()).toMatchObject({ id: code.id, status: 'inactive' });
    const audit = (await ctx.app.inject({ url: `/api/admin/audit?target_type=discount_code&target_id=${code.id}`, cookies: admin.cookies })).json();
    expect(audit.entries.map((entry: { action: string }) => entry.action)).toEqual(['discount_code.disable', 'discount_code.create']);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/discount-codes/2000000/disable', cookies: admin.cookies })).statusCode).toBe(404);
  });

  it('refuses bad input field by field and creates nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      cookies: admin.cookies,
      payload: {
        code: 'a b',
        value_percentage: 150,
        country: 'Netherlands',
        currency: 'euro',
        minimum_order_value: -1,
        validity: 'forever',
        payment_methods: ['cash'],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .fields.map((field: { field: string }) => field.field)
        .sort(),
    ).toEqual(
      ['body.code', 'body.country', 'body.currency', 'body.minimum_order_value', 'body.payment_methods.0', 'body.validity', 'body.value_percentage'].sort(),
    );
    const past = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      cookies: admin.cookies,
      payload: { code: 'LATE10', value_percentage: 10, expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(past.json()).toMatchObject({
      error: 'discount_expiry_past',
      fields: [{ field: 'body.expires_at', problem: 'The expiry date lies in the past. Choose a later date or none.' }],
    });
    expect((await ctx.app.inject({ url: '/api/admin/discount-codes?code=late10', cookies: admin.cookies })).json().items).toEqual([]);
  });

  it('keeps support out of the money area', async () => {
    const support = await createStaffMember(ctx, 'support');
    expect((await ctx.app.inject({ url: '/api/admin/orders', cookies: support.cookies })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/admin/discount-codes', cookies: support.cookies, payload: { code: 'X', value_percentage: 1 } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('mandates over HTTP', () => {
  it('lists mandates (none yet) and takes the blocked filter', async () => {
    const response = await ctx.app.inject({ url: '/api/admin/mandates?blocked=true', cookies: admin.cookies });
    expect(response.json()).toEqual({ items: [], next_after: null });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateDiscountCodeInput, OrdersQuery } from '../../../contract/admin/money';
import { createOrder, createRefund } from '../../../tests/factories/orders';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { discountCodes, sepaMandates, users, type SiteRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { createConsoleDiscountsService } from './console-discounts.service';
import { ORDERS_CSV_HEADER } from './console-orders.service';
import { EVERY_SITE } from '../staff/site-scope';

let ctx: TestContext;
let nl: SiteRow;
let dk: SiteRow;
const actor: StaffActor = { id: null, email: 'admin@ops.example', role: 'admin', ip: '203.0.113.9' };
const day = (date: string, hour = 12) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
const query = (input: Record<string, unknown> = {}) => OrdersQuery.parse(input);

beforeAll(async () => {
  ctx = await createTestContext();
  nl = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  dk = await createSite(ctx.db, { domain: 'dk.money.example' });
  const member = await createVisibleMember(ctx, nl);
  // November: three paid EUR orders on the NL site (one refunded), a failed one, a pending one;
  // two DKK orders on the DK site; December: one more paid order.
  await createOrder(ctx.db, { siteId: nl.id, userId: member.id, createdAt: day('2026-11-02'), amount: 1995 });
  const refunded = await createOrder(ctx.db, { siteId: nl.id, userId: member.id, createdAt: day('2026-11-03'), amount: 4995, paymentMethod: 'creditcard' });
  await createRefund(ctx.db, refunded, { amount: 2500, createdAt: day('2026-11-04') });
  await createOrder(ctx.db, { siteId: nl.id, createdAt: day('2026-11-05'), amount: 995 });
  await createOrder(ctx.db, { siteId: nl.id, createdAt: day('2026-11-06'), amount: 995, status: 'failed' });
  await createOrder(ctx.db, { siteId: nl.id, createdAt: day('2026-11-07'), amount: 995, status: 'pending', paymentMethod: 'directdebit' });
  await createOrder(ctx.db, { siteId: dk.id, createdAt: day('2026-11-08'), amount: 14900, currency: 'DKK', country: 'DK', paymentMethod: 'mobilepay' });
  await createOrder(ctx.db, {
    siteId: dk.id,
    createdAt: day('2026-11-09'),
    amount: 7400,
    currency: 'DKK',
    country: 'DK',
    paymentMethod: '=HYPERLINK("http://evil.example")',
  });
  await createOrder(ctx.db, { siteId: nl.id, createdAt: day('2026-12-01'), amount: 1995 });
});
afterAll(() => ctx.close());

describe('the console’s order list', () => {
  it('pages newest first by keyset until the last page, without repeating or skipping an order', async () => {
    const seen: number[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = await ctx.services.consoleOrders.page(query({ page_size: 25, ...(after && { after }) }), null);
      seen.push(...page.items.map((item) => item.id));
      if (!page.next_after) break;
      after = page.next_after;
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    const all = (await ctx.services.consoleOrders.page(query(), null)).items;
    expect(all.map((item) => item.created_at)).toEqual([...all.map((item) => item.created_at)].sort().reverse());
  });

  it('walks a page size of 25 across more than one page in both directions and by amount', async () => {
    for (let index = 0; index < 30; index++)
      await createOrder(ctx.db, {
        siteId: dk.id,
        createdAt: day('2026-10-01', index % 24),
        amount: 100 + index,
        currency: 'DKK',
        country: 'DK',
        paymentMethod: 'dankort',
      });
    for (const sort of ['created', 'amount'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const seen: number[] = [];
        let after: string | undefined;
        for (;;) {
          const page = await ctx.services.consoleOrders.page(query({ payment_method: 'dankort', sort, dir, page_size: 25, ...(after && { after }) }), null);
          seen.push(...page.items.map((item) => (sort === 'amount' ? item.amount : item.id)));
          if (!page.next_after) break;
          after = page.next_after;
        }
        expect(seen, `${sort} ${dir}`).toHaveLength(30);
        if (sort === 'amount') expect(seen).toEqual([...seen].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
      }
    }
  });

  it('filters by status, the unpaid and refunded views, method, site and date range', async () => {
    const ids = async (input: Record<string, unknown>) => (await ctx.services.consoleOrders.page(query(input), null)).items;
    expect((await ids({ status: 'failed' })).map((item) => item.amount)).toEqual([995]);
    expect((await ids({ status: 'unpaid' })).map((item) => item.payment_method)).toEqual(['directdebit']);
    const refunded = await ids({ refunded: 'true' });
    expect(refunded).toEqual([expect.objectContaining({ amount: 4995, refund: { amount: 2500, credits: 10, created_at: '2026-11-04T12:00:00.000Z' } })]);
    expect((await ids({ payment_method: 'mobilepay' })).map((item) => item.currency)).toEqual(['DKK']);
    expect((await ids({ site_id: nl.id, from: '2026-11-01', to: '2026-11-30' })).map((item) => item.created_at.slice(0, 10))).toEqual([
      '2026-11-07',
      '2026-11-06',
      '2026-11-05',
      '2026-11-03',
      '2026-11-02',
    ]);
    // `to` is inclusive: the whole day.
    expect((await ids({ from: '2026-12-01', to: '2026-12-01' })).map((item) => item.created_at)).toEqual(['2026-12-01T12:00:00.000Z']);
  });

  it('sums paid and refunded amounts per currency over a bounded period only', async () => {
    const totals = await ctx.services.consoleOrders.totals({ from: '2026-11-01', to: '2026-11-30' }, null);
    expect(totals.currencies).toEqual([
      { currency: 'DKK', paid_count: 2, paid_amount: 22300, refunded_count: 0, refunded_amount: 0 },
      { currency: 'EUR', paid_count: 3, paid_amount: 7985, refunded_count: 1, refunded_amount: 2500 },
    ]);
    expect(
      (await ctx.services.consoleOrders.totals({ from: '2026-11-01', to: '2026-11-30', site_id: nl.id, payment_method: 'creditcard' }, null)).currencies,
    ).toEqual([{ currency: 'EUR', paid_count: 1, paid_amount: 4995, refunded_count: 1, refunded_amount: 2500 }]);
    await expect(ctx.services.consoleOrders.totals({}, null)).rejects.toMatchObject({ code: 'order_totals_range', params: { days: 31 } });
    await expect(ctx.services.consoleOrders.totals({ from: '2026-01-01', to: '2026-11-30' }, null)).rejects.toMatchObject({ code: 'order_totals_range' });
    await expect(ctx.services.consoleOrders.totals({ from: '2026-11-30', to: '2026-11-01' }, null)).rejects.toMatchObject({ code: 'order_totals_range' });
  });

  it('exports the filter as CSV with decimal amounts, defuses formulas, and audits the export', async () => {
    const chunks: string[] = [];
    for await (const chunk of await ctx.services.consoleOrders.csv(actor, { site_id: dk.id, from: '2026-11-01', to: '2026-11-30' })) chunks.push(chunk);
    const lines = chunks.join('').trim().split('\r\n');
    expect(lines[0]).toBe(ORDERS_CSV_HEADER);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',mobilepay,');
    expect(lines[1]).toContain(',DKK,149.00,149.00,');
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    const [entry] = await ctx.services.audit.page({ action: 'orders.export' });
    expect(entry).toMatchObject({
      staffEmail: actor.email,
      targetType: 'orders',
      diff: { before: {}, after: { filter: { site_id: dk.id, from: '2026-11-01', to: '2026-11-30' } } },
    });
  });
});

describe('discount codes in the console', () => {
  const input = (overrides: Record<string, unknown> = {}) => CreateDiscountCodeInput.parse({ code: 'autumn15', value_percentage: 15, ...overrides });

  it('creates a code with every restriction, stored in capitals and audited, which the checkout then honours', async () => {
    const member = await createVisibleMember(ctx, nl);
    const created = await ctx.services.consoleDiscounts.create(
      actor,
      input({
        site_id: nl.id,
        country: 'NL',
        currency: 'EUR',
        minimum_order_value: 1500,
        validity: 'once',
        payment_methods: ['ideal'],
        expires_at: '2026-02-01T00:00:00Z',
      }),
    );
    expect(created).toMatchObject({
      code: 'AUTUMN15',
      kind: 'standard',
      status: 'active',
      site_id: nl.id,
      country: 'NL',
      currency: 'EUR',
      minimum_order_value: 1500,
      validity: 'once',
      payment_methods: ['ideal'],
      times_used: 0,
    });
    const [entry] = await ctx.services.audit.page({ targetType: 'discount_code', targetId: String(created.id) });
    expect(entry).toMatchObject({
      action: 'discount_code.create',
      diff: { before: {}, after: expect.objectContaining({ code: 'AUTUMN15', value_percentage: 15, payment_methods: ['ideal'] }) },
    });

    const checkout = { site: nl, member, country: 'NL', paymentMethod: 'ideal', price: { amount: 1995, currency: 'EUR' } };
    expect((await ctx.services.discounts.validate('autumn15', checkout)).valuePercentage).toBe(15);
    await expect(ctx.services.discounts.validate('AUTUMN15', { ...checkout, paymentMethod: 'paypal' })).rejects.toMatchObject({
      code: 'discount_code_payment_method',
    });
    await expect(ctx.services.discounts.validate('AUTUMN15', { ...checkout, price: { amount: 995, currency: 'EUR' } })).rejects.toMatchObject({
      code: 'discount_code_minimum',
    });
    await expect(ctx.services.discounts.validate('AUTUMN15', { ...checkout, site: dk })).rejects.toMatchObject({ code: 'discount_code_not_found' });

    const disabled = await ctx.services.consoleDiscounts.disable(actor, created.id);
    expect(disabled.status).toBe('inactive');
    await expect(ctx.services.discounts.validate('AUTUMN15', checkout)).rejects.toMatchObject({ code: 'discount_code_not_found' });
    // Disabling again changes nothing and records nothing.
    await ctx.services.consoleDiscounts.disable(actor, created.id);
    const entries = await ctx.services.audit.page({ action: 'discount_code.disable', targetId: String(created.id) });
    expect(entries.map((row) => row.diff)).toEqual([{ before: { status: 'active' }, after: { status: 'inactive' } }]);
    await expect(ctx.services.consoleDiscounts.disable(actor, 2_000_000)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses a taken code in any case, an unknown site or member, and an expiry in the past — and changes nothing', async () => {
    await ctx.services.consoleDiscounts.create(actor, input({ code: 'WINTER20', value_percentage: 20 }));
    await expect(ctx.services.consoleDiscounts.create(actor, input({ code: 'winter20' }))).rejects.toMatchObject({ code: 'discount_code_taken' });
    // The shared time-bonus code is taken too.
    await expect(ctx.services.consoleDiscounts.create(actor, input({ code: 'timebonus25' }))).rejects.toMatchObject({ code: 'discount_code_taken' });
    const wrong = ctx.services.consoleDiscounts.create(
      actor,
      input({ code: 'NOWHERE', site_id: 999_999, user_id: 999_999, expires_at: '2026-01-01T00:00:00Z' }),
    );
    await expect(wrong).rejects.toMatchObject({
      code: 'discount_site_unknown',
      fields: [
        { field: 'body.site_id', code: 'discount_site_unknown' },
        { field: 'body.user_id', code: 'discount_member_unknown' },
        { field: 'body.expires_at', code: 'discount_expiry_past' },
      ],
    });
    expect(await ctx.db.select().from(discountCodes).where(eq(discountCodes.code, 'NOWHERE'))).toEqual([]);
  });

  it('writes no code when its audit row cannot be written (one transaction)', async () => {
    const failingAudit = { record: async () => Promise.reject(new Error('audit down')) } as unknown as AuditService;
    const service = createConsoleDiscountsService({ db: ctx.db, audit: failingAudit, clock: ctx.clock });
    await expect(service.create(actor, input({ code: 'NOAUDIT' }))).rejects.toThrow('audit down');
    expect(await ctx.db.select().from(discountCodes).where(eq(discountCodes.code, 'NOAUDIT'))).toEqual([]);
    const [code] = await ctx.db.select().from(discountCodes).where(eq(discountCodes.code, 'WINTER20'));
    await expect(service.disable(actor, code.id)).rejects.toThrow('audit down');
    expect((await ctx.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0].status).toBe('active');
  });

  it('lists one kind newest first, filters by status and code, with how often each was used', async () => {
    const listed = await ctx.services.consoleDiscounts.page({ kind: 'standard', page_size: 25 }, EVERY_SITE);
    expect(listed.items.map((item) => item.code).slice(0, 2)).toEqual(['WINTER20', 'AUTUMN15']);
    expect(
      (await ctx.services.consoleDiscounts.page({ kind: 'standard', status: 'inactive', page_size: 25 }, EVERY_SITE)).items.map((item) => item.code),
    ).toEqual(['AUTUMN15']);
    expect((await ctx.services.consoleDiscounts.page({ kind: 'standard', code: 'winter20', page_size: 25 }, EVERY_SITE)).items).toEqual([
      expect.objectContaining({ code: 'WINTER20', times_used: 0 }),
    ]);
  });
});

describe('SEPA mandates in the console', () => {
  it('lists mandates newest first with a masked IBAN, and the blocked view shows only blocked members', async () => {
    const blocked = await createVisibleMember(ctx, nl);
    const fine = await createVisibleMember(ctx, nl);
    await ctx.db.update(users).set({ directDebitBlocked: true }).where(eq(users.id, blocked.id));
    for (const member of [blocked, fine]) {
      const order = await createOrder(ctx.db, {
        siteId: nl.id,
        userId: member.id,
        createdAt: day('2026-11-10'),
        status: 'pending',
        paymentMethod: 'directdebit',
      });
      await ctx.db.insert(sepaMandates).values({
        userId: member.id,
        orderId: order.id,
        accountHolder: 'Anna de Vries',
        iban: 'DE89370400440532013000',
        street: 'Keizersgracht',
        houseNumber: '1',
        postalCode: '1015AA',
        city: 'Amsterdam',
        mobile: '+31612345678',
        smsCodeHash: 'x',
        smsSentAt: ctx.clock.now(),
        confirmedAt: member === blocked ? ctx.clock.now() : null,
        createdAt: ctx.clock.now(),
      });
    }
    const all = await ctx.services.consoleMandates.page({ page_size: 25 }, null);
    expect(all.items.map((item) => item.user_id)).toEqual([fine.id, blocked.id]);
    expect(all.items[0]).toMatchObject({ iban: 'DE•• •••• 3000', direct_debit_blocked: false, confirmed_at: null });
    expect(JSON.stringify(all)).not.toContain('0532013000');
    expect((await ctx.services.consoleMandates.page({ blocked: 'true', page_size: 25 }, null)).items.map((item) => item.user_id)).toEqual([blocked.id]);
    expect((await ctx.services.consoleMandates.page({ confirmed: 'false', page_size: 25 }, null)).items.map((item) => item.user_id)).toEqual([fine.id]);
  });
});

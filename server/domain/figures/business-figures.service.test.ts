import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { failure } from '../../../tests/setup/failure';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';
import { BusinessFiguresQuery } from '../../../contract/admin/business-figures';
import { figuresWindow, weekStart } from './figures-window';

/*
 * Hand-made facts over four weeks. "Now" is Wednesday 22 April 2026, so the four-week period
 * runs from Monday 30 March (week 0) to Monday 27 April; week 3 starts on 20 April.
 *
 *   Ann  dating, adnet, NL  signs up Tue 31 Mar 10:00 (week 0); pays 19.95 EUR 1 Apr 10:00
 *                           (first purchase after 24 h), signs in 8 Apr (week 1), pays 9.95 EUR
 *                           14 Apr (week 2), which is refunded 15 Apr.
 *   Bob  dating, mailnet, DE signs up Tue 31 Mar (week 0); sends a message 21 Apr (week 3).
 *   Cid  flirt, NL          signs up Tue 7 Apr 10:00 (week 1); pays 49.00 PLN 30 minutes later;
 *                           signs in 21 Apr (week 3).
 *   Dan  dating, DE         signed up in January; pays 50.00 EUR 20 Apr (week 3), and paid
 *                           in March, before the period.
 *   Fay  a fictional profile on dating, made in week 0, sends a message in week 1: never counted.
 */

let ctx: TestContext;
let dating: SiteRow;
let flirt: SiteRow;
let orderCounter = 0;
const at = (iso: string) => new Date(iso);
const query = (input: Record<string, string>) => BusinessFiguresQuery.parse({ period: '4w', ...input });

async function member(site: SiteRow, signedUp: string, options: { country: string; network?: string; paidAt?: string; fictional?: boolean }) {
  const user = await createVisibleMember(ctx, site, { country: options.country, isFictional: options.fictional });
  await ctx.db.execute(sql`update users set created_at = ${at(signedUp)}, paid_at = ${options.paidAt ? at(options.paidAt) : null},
    tracking_network = ${options.network ?? null} where id = ${user.id}`);
  return user;
}

async function paidOrder(site: SiteRow, userId: number, amount: number, currency: string, creditedAt: string) {
  orderCounter += 1;
  const when = at(creditedAt);
  const { rows } = (await ctx.db.execute(sql`
    insert into orders (user_id, site_id, credits, amount, list_amount, currency, country, payment_method, provider, status, client_id, credited_at, created_at, updated_at)
    values (${userId}, ${site.id}, 100, ${amount}, ${amount}, ${currency}, 'NL', 'ideal', 'demo', 'paid', ${`figures-${orderCounter}`}, ${when}, ${when}, ${when})
    returning id`)) as unknown as { rows: { id: number }[] };
  return rows[0].id;
}

async function signIn(userId: number, when: string) {
  await ctx.db.execute(sql`insert into sessions (token_hash, user_id, created_at, expires_at)
    values (${`figures-${userId}-${when}`}, ${userId}, ${at(when)}, ${at('2026-12-31T00:00:00Z')})`);
}

async function sendMessage(from: number, to: number, when: string) {
  const [a, b] = from < to ? [from, to] : [to, from];
  const { rows } = (await ctx.db.execute(sql`insert into conversations (member_a, member_b, started_by, created_at, last_message_at)
    values (${a}, ${b}, ${from}, ${at(when)}, ${at(when)}) returning id`)) as unknown as { rows: { id: number }[] };
  await ctx.db.execute(sql`insert into messages (conversation_id, sender_id, body, client_id, created_at)
    values (${rows[0].id}, ${from}, 'hello', ${`figures-${from}-${when}`}, ${at(when)})`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  dating = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, name: 'Dating' });
  flirt = await createSite(ctx.db, { domain: 'flirt.example', name: 'Flirt' });
  ctx.clock.set(at('2026-04-22T12:00:00Z'));

  const ann = await member(dating, '2026-03-31T10:00:00Z', { country: 'NL', network: 'adnet', paidAt: '2026-04-01T10:00:00Z' });
  const bob = await member(dating, '2026-03-31T18:00:00Z', { country: 'DE', network: 'mailnet' });
  const cid = await member(flirt, '2026-04-07T10:00:00Z', { country: 'NL', paidAt: '2026-04-07T10:30:00Z' });
  const dan = await member(dating, '2026-01-05T09:00:00Z', { country: 'DE', paidAt: '2026-03-02T09:00:00Z' });
  const fay = await member(dating, '2026-03-30T08:00:00Z', { country: 'NL', fictional: true });

  await paidOrder(dating, ann.id, 1995, 'EUR', '2026-04-01T10:00:00Z');
  await signIn(ann.id, '2026-04-08T20:00:00Z');
  const refunded = await paidOrder(dating, ann.id, 995, 'EUR', '2026-04-14T19:00:00Z');
  await ctx.db.execute(sql`insert into refunds (order_id, user_id, credits, amount, currency, created_at)
    values (${refunded}, ${ann.id}, 100, 995, 'EUR', ${at('2026-04-15T09:00:00Z')})`);
  await sendMessage(bob.id, fay.id, '2026-04-21T21:00:00Z');
  await paidOrder(flirt, cid.id, 4900, 'PLN', '2026-04-07T10:30:00Z');
  await signIn(cid.id, '2026-04-21T07:00:00Z');
  await paidOrder(dating, dan.id, 5000, 'EUR', '2026-03-02T09:00:00Z');
  await paidOrder(dating, dan.id, 5000, 'EUR', '2026-04-20T00:00:00Z');
  await sendMessage(fay.id, dan.id, '2026-04-09T12:00:00Z');
});
afterAll(() => ctx.close());

describe('figures window', () => {
  it('covers whole weeks from Monday, UTC, the current week last', () => {
    expect(weekStart(at('2026-04-26T23:59:59Z')).toISOString()).toBe('2026-04-20T00:00:00.000Z');
    expect(weekStart(at('2026-04-20T00:00:00Z')).toISOString()).toBe('2026-04-20T00:00:00.000Z');
    const window = figuresWindow(query({ period: '52w' }), at('2026-04-22T12:00:00Z'), null);
    expect([window.from.toISOString(), window.to.toISOString(), window.weeks]).toEqual(['2025-04-28T00:00:00.000Z', '2026-04-27T00:00:00.000Z', 52]);
  });
});

describe('businessFigures.read', () => {
  it('sums net revenue per currency, paid minus refunded, and divides it by active and paying members', async () => {
    const figures = await ctx.services.businessFigures.read(query({}), null);
    expect([figures.from, figures.to]).toEqual(['2026-03-30', '2026-04-27']);
    // Active: Ann, Bob, Cid, Dan (Fay is fictional). Paying: Ann, Cid, Dan.
    expect(figures.members).toEqual({ active: 4, paying: 3 });
    expect(figures.revenue).toEqual([
      { currency: 'EUR', paid: 7990, refunded: 995, charged_back: 0, net: 6995, arpu: 1749, arppu: 2332 },
      { currency: 'PLN', paid: 4900, refunded: 0, charged_back: 0, net: 4900, arpu: 1225, arppu: 1633 },
    ]);
  });

  it('takes chargebacks and returned debits off the net revenue, in the window they happened', async () => {
    const { rows } = (await ctx.db.execute(sql`select id, user_id, site_id from orders where currency = 'PLN'`)) as unknown as {
      rows: { id: number; user_id: number; site_id: number }[];
    };
    const [order] = rows;
    await ctx.db
      .execute(sql`insert into chargebacks (order_id, user_id, site_id, provider, provider_chargeback_id, kind, payment_method, amount, currency, charged_back_at, created_at)
      values (${order.id}, ${order.user_id}, ${order.site_id}, 'demo', 'chb_figures', 'chargeback', 'card', 4900, 'PLN', ${at('2026-04-16T08:00:00Z')}, ${at('2026-04-16T08:00:00Z')})`);
    try {
      const figures = await ctx.services.businessFigures.read(query({}), null);
      expect(figures.revenue.find((row) => row.currency === 'PLN')).toEqual({
        currency: 'PLN',
        paid: 4900,
        refunded: 0,
        charged_back: 4900,
        net: 0,
        arpu: 0,
        arppu: 0,
      });
      // A site that sold nothing in PLN is not charged for it.
      const datingOnly = await ctx.services.businessFigures.read(query({ site_id: String(dating.id) }), null);
      expect(datingOnly.revenue.map((row) => row.currency)).toEqual(['EUR']);
    } finally {
      await ctx.db.execute(sql`delete from chargebacks where provider_chargeback_id = 'chb_figures'`);
    }
  });

  it('counts first-purchase conversion and how long the first purchase took', async () => {
    const figures = await ctx.services.businessFigures.read(query({}), null);
    expect(figures.conversion).toEqual({ signups: 3, buyers: 2, rate: 2 / 3 });
    // Read from the counts' 4 % steps (ADR 0076): within 2 % of the exact 12.25 and 21.65 hours.
    expect(Math.abs(figures.time_to_first_purchase.median_hours! / 12.25 - 1)).toBeLessThan(0.02);
    expect(Math.abs(figures.time_to_first_purchase.p90_hours! / 21.65 - 1)).toBeLessThan(0.02);
    expect(figures.time_to_first_purchase.delays).toEqual([
      { delay: 'within_hour', buyers: 1 },
      { delay: 'within_day', buyers: 0 },
      { delay: 'within_week', buyers: 1 },
      { delay: 'within_month', buyers: 0 },
      { delay: 'later', buyers: 0 },
    ]);
  });

  it('shows each sign-up week with its members active and paying in every week since', async () => {
    const figures = await ctx.services.businessFigures.read(query({}), null);
    expect(figures.cohorts).toEqual([
      { week: '2026-03-30', size: 2, active: [1, 1, 1, 1], paying: [1, 0, 1, 0] },
      { week: '2026-04-06', size: 1, active: [1, 0, 1], paying: [1, 0, 0] },
      { week: '2026-04-13', size: 0, active: [0, 0], paying: [0, 0] },
      { week: '2026-04-20', size: 0, active: [0], paying: [0] },
    ]);
  });

  it('counts only the members of one site, traffic source or country', async () => {
    const flirtOnly = await ctx.services.businessFigures.read(query({ site_id: String(flirt.id) }), null);
    expect(flirtOnly.filters.site_id).toBe(flirt.id);
    expect(flirtOnly.members).toEqual({ active: 1, paying: 1 });
    expect(flirtOnly.revenue).toEqual([{ currency: 'PLN', paid: 4900, refunded: 0, charged_back: 0, net: 4900, arpu: 4900, arppu: 4900 }]);
    expect(flirtOnly.conversion).toEqual({ signups: 1, buyers: 1, rate: 1 });

    const mailnet = await ctx.services.businessFigures.read(query({ network: 'mailnet' }), null);
    expect(mailnet.members).toEqual({ active: 1, paying: 0 });
    expect(mailnet.revenue).toEqual([]);
    expect(mailnet.conversion).toEqual({ signups: 1, buyers: 0, rate: 0 });
    expect(mailnet.time_to_first_purchase.median_hours).toBeNull();
    expect(mailnet.cohorts[0]).toEqual({ week: '2026-03-30', size: 1, active: [0, 0, 0, 1], paying: [0, 0, 0, 0] });

    const germany = await ctx.services.businessFigures.read(query({ country: 'DE' }), null);
    // Bob and Dan; only Bob signed up in the period.
    expect(germany.members).toEqual({ active: 2, paying: 1 });
    expect(germany.revenue).toEqual([{ currency: 'EUR', paid: 5000, refunded: 0, charged_back: 0, net: 5000, arpu: 2500, arppu: 5000 }]);
    expect(germany.conversion.signups).toBe(1);
  });

  it('counts only the members of the sites a limited admin may see, and answers another site as not found', async () => {
    const limited = await ctx.services.businessFigures.read(query({}), [flirt.id]);
    const flirtOnly = await ctx.services.businessFigures.read(query({ site_id: String(flirt.id) }), null);
    expect(limited.members).toEqual(flirtOnly.members);
    expect(limited.revenue).toEqual(flirtOnly.revenue);
    expect(limited.conversion).toEqual(flirtOnly.conversion);
    expect(limited.filters.site_id).toBeNull();
    expect((await failure(ctx.services.businessFigures.read(query({ site_id: String(dating.id) }), [flirt.id]))).code).toBe('not_found');
    const none = await ctx.services.businessFigures.read(query({}), []);
    expect(none.members).toEqual({ active: 0, paying: 0 });
  });

  it('answers zeros and nulls where nobody matches, and refuses an unknown site', async () => {
    const nobody = await ctx.services.businessFigures.read(query({ sub3: 'no-such-campaign' }), null);
    expect(nobody.members).toEqual({ active: 0, paying: 0 });
    expect(nobody.conversion).toEqual({ signups: 0, buyers: 0, rate: null });
    expect(nobody.cohorts.map((cohort) => cohort.size)).toEqual([0, 0, 0, 0]);
    expect((await failure(ctx.services.businessFigures.read(query({ site_id: '999999' }), null))).code).toBe('not_found');
  });
});

describe('businessFigures.csv', () => {
  it('lists every figure on its own line, money in minor units', async () => {
    const csv = await ctx.services.businessFigures.csv(query({ site_id: String(dating.id) }), null);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('figure,currency,week,weeks_since_signup,value');
    expect(lines).toContain(`filter_site_id,,,,${dating.id}`);
    expect(lines).toContain('net,EUR,,,6995');
    expect(lines).toContain('cohort_size,,2026-03-30,,2');
    expect(lines).toContain('cohort_active,,2026-03-30,3,1');
    expect(lines).toContain('cohort_paying,,2026-03-30,2,1');
  });
});

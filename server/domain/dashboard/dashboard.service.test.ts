import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';
import { dashboardBuckets } from './dashboard.service';

let ctx: TestContext;
let dating: SiteRow;
let flirt: SiteRow;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let orderCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  dating = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, name: 'Dating' });
  flirt = await createSite(ctx.db, { domain: 'flirt.example', name: 'Flirt' });
});
afterAll(() => ctx.close());

const ago = (ms: number) => new Date(ctx.clock.now().getTime() - ms);

/** A member who signed up (and was last seen) at `at`, optionally having paid at `paidAt`. */
async function memberAt(site: SiteRow, at: Date, options: { paidAt?: Date; fictional?: boolean } = {}) {
  const member = await createVisibleMember(ctx, site, { lastActiveAt: at, isFictional: options.fictional });
  await ctx.db.execute(sql`update users set created_at = ${at}, paid_at = ${options.paidAt ?? null} where id = ${member.id}`);
  return member;
}

async function paidOrder(site: SiteRow, userId: number, amount: number, currency: string, creditedAt: Date) {
  orderCounter += 1;
  const [order] = (
    (await ctx.db.execute(sql`
      insert into orders (user_id, site_id, credits, amount, list_amount, currency, country, payment_method, provider, status, client_id, credited_at, created_at, updated_at)
      values (${userId}, ${site.id}, 100, ${amount}, ${amount}, ${currency}, 'NL', 'ideal', 'demo', 'paid', ${`dash-${orderCounter}`}, ${creditedAt}, ${creditedAt}, ${creditedAt})
      returning id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  return order.id;
}

describe('dashboard buckets', () => {
  it('ends each range with the bucket that holds now, oldest first, in UTC', () => {
    const now = new Date('2026-03-15T10:20:00Z');
    const hours = dashboardBuckets('24h', now);
    expect(hours.starts).toHaveLength(24);
    expect(hours.starts[23].toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(hours.starts[0].toISOString()).toBe('2026-03-14T11:00:00.000Z');
    expect(hours.to.toISOString()).toBe('2026-03-15T11:00:00.000Z');
    const days = dashboardBuckets('30d', now);
    expect([days.starts[0].toISOString(), days.starts[29].toISOString()]).toEqual(['2026-02-14T00:00:00.000Z', '2026-03-15T00:00:00.000Z']);
    const months = dashboardBuckets('12m', now);
    expect([months.starts[0].toISOString(), months.starts[11].toISOString(), months.to.toISOString()]).toEqual([
      '2025-04-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
    ]);
  });
});

describe('dashboard figures', () => {
  it('counts sign-ups, first purchases, messages, revenue and refunds per bucket, per site and for all sites', async () => {
    const today = ago(0);
    const lastWeek = ago(7 * DAY);
    const longAgo = ago(90 * DAY);
    const payer = await memberAt(dating, lastWeek, { paidAt: ago(6 * DAY) });
    const browser = await memberAt(dating, today);
    await memberAt(flirt, today);
    await memberAt(dating, longAgo);
    await memberAt(dating, today, { fictional: true });

    await paidOrder(dating, payer.id, 1995, 'EUR', ago(6 * DAY));
    const refundedOrder = await paidOrder(dating, payer.id, 995, 'EUR', ago(5 * DAY));
    await paidOrder(flirt, payer.id, 4900, 'PLN', ago(2 * DAY));
    await paidOrder(dating, payer.id, 5000, 'EUR', ago(60 * DAY));
    await ctx.db.execute(
      sql`insert into refunds (order_id, user_id, credits, amount, currency, created_at) values (${refundedOrder}, ${payer.id}, 100, 995, 'EUR', ${ago(4 * DAY)})`,
    );

    const [conversation] = (
      (await ctx.db.execute(sql`
      insert into conversations (member_a, member_b, started_by, created_at, last_message_at) values (${payer.id}, ${browser.id}, ${payer.id}, ${lastWeek}, ${today}) returning id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    for (const [index, at] of [ago(3 * DAY), ago(3 * DAY), ago(HOUR)].entries()) {
      await ctx.db.execute(
        sql`insert into messages (conversation_id, sender_id, body, client_id, created_at) values (${conversation.id}, ${payer.id}, 'hello', ${`dash-msg-${index}`}, ${at})`,
      );
    }

    const all = await ctx.services.dashboard.figures({ range: '30d' }, null);
    expect(all.buckets).toHaveLength(30);
    expect(all.sites.map((site) => site.name)).toEqual(expect.arrayContaining(['Dating', 'Flirt']));
    // Fictional profiles and sign-ups before the period are not sign-ups of the period.
    expect(all.totals.signups).toBe(3);
    expect(all.series.signups[29]).toBe(2);
    expect(all.series.signups[22]).toBe(1);
    expect(all.totals.first_purchases).toBe(1);
    expect(all.series.first_purchases[23]).toBe(1);
    expect(all.totals.conversion).toBeCloseTo(1 / 3);
    expect(all.totals.messages).toBe(3);
    expect([all.series.messages[26], all.series.messages[29]]).toEqual([2, 1]);
    expect(all.revenue).toEqual([
      { currency: 'EUR', amounts: expect.any(Array), total: 2990 },
      { currency: 'PLN', amounts: expect.any(Array), total: 4900 },
    ]);
    expect(all.revenue[0].amounts[23]).toBe(1995);
    expect(all.totals.refunds).toBe(1);
    expect(all.totals.refunded).toEqual([{ currency: 'EUR', amount: 995 }]);

    const datingOnly = await ctx.services.dashboard.figures({ range: '30d', site_id: dating.id }, null);
    expect(datingOnly.site_id).toBe(dating.id);
    expect(datingOnly.totals.signups).toBe(2);
    expect(datingOnly.revenue.map((row) => row.currency)).toEqual(['EUR']);
    expect(datingOnly.totals.messages).toBe(3);
    const flirtOnly = await ctx.services.dashboard.figures({ range: '30d', site_id: flirt.id }, null);
    expect([flirtOnly.totals.signups, flirtOnly.totals.messages, flirtOnly.totals.refunds]).toEqual([1, 0, 0]);

    const year = await ctx.services.dashboard.figures({ range: '12m' }, null);
    expect(year.totals.signups).toBe(4);
    expect(year.revenue.find((row) => row.currency === 'EUR')?.total).toBe(7990);
    const day = await ctx.services.dashboard.figures({ range: '24h' }, null);
    expect([day.totals.signups, day.totals.messages, day.totals.first_purchases]).toEqual([2, 1, 0]);
  });

  it('counts activations from the activation links members used, and the work waiting for moderators', async () => {
    const site = await createSite(ctx.db, { domain: 'activations.example', name: 'Activations' });
    const member = await memberAt(site, ago(2 * HOUR));
    await ctx.db.execute(
      sql`insert into email_tokens (token_hash, user_id, purpose, created_at, expires_at, used_at) values ('dash-token', ${member.id}, 'activate', ${ago(2 * HOUR)}, ${ago(-DAY)}, ${ago(HOUR)})`,
    );
    await ctx.db.execute(
      sql`insert into photos (user_id, filename, thumb_filename, status, position) values (${member.id}, 'waiting.webp', 'waiting-t.webp', 'pending', 1)`,
    );
    const reporter = await memberAt(site, ago(3 * HOUR));
    await ctx.db.execute(
      sql`insert into reports (site_id, reporter_id, kind, profile_id, reason, created_at, updated_at) values (${site.id}, ${reporter.id}, 'profile', ${member.id}, 'fake_profile', ${ago(HOUR)}, ${ago(HOUR)})`,
    );
    await ctx.db.execute(
      sql`insert into reports (site_id, reporter_id, kind, profile_id, reason, status, created_at, updated_at) values (${site.id}, ${reporter.id}, 'profile', ${member.id}, 'spam_or_scam', 'resolved', ${ago(HOUR)}, ${ago(HOUR)})`,
    );
    const figures = await ctx.services.dashboard.figures({ range: '24h', site_id: site.id }, null);
    expect(figures.totals.activations).toBe(1);
    expect(figures.totals.signups).toBe(2);
    expect(figures.series.activations[22]).toBe(1);
    expect(figures.queues).toMatchObject({ pending_photos: 1, flagged_texts: 0, open_reports: 1 });
    expect(figures.totals.active_members).toBe(2);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('answers an admin with the figures, and refuses bad ranges with 400', async () => {
    const { cookies } = await createStaffMember(ctx, 'admin');
    const response = await ctx.app.inject({ url: `/api/admin/dashboard?range=24h&site_id=${dating.id}`, cookies });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ range: '24h', site_id: dating.id, buckets: expect.any(Array) });
    expect((await ctx.app.inject({ url: '/api/admin/dashboard?range=week', cookies })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/admin/dashboard?site_id=-1', cookies })).statusCode).toBe(400);
  });

  it('is not for moderators, support or hosts', async () => {
    for (const role of ['moderator', 'support', 'host'] as const) {
      const { cookies } = await createStaffMember(ctx, role);
      expect((await ctx.app.inject({ url: '/api/admin/dashboard', cookies })).statusCode).toBe(403);
    }
  });
});

import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';

export type BucketUnit = 'hour' | 'day' | 'month';

export interface DashboardWindow {
  unit: BucketUnit;
  from: Date;
  to: Date;
  /** Only these sites' members, orders and messages; all sites when null. */
  sites: SiteIdFilter;
}

/** A count (or sum) in one bucket, keyed by the bucket's start in epoch seconds (UTC). */
export interface BucketValue {
  bucket: number;
  value: number;
}

export interface CurrencyBucketValue extends BucketValue {
  currency: string;
}

/**
 * The dashboard's figures, straight from the tables that hold the facts (members, activation
 * links, messages, orders, refunds): nothing is counted on the side, so nothing can drift. Each
 * query is bounded by the period and served by an index on its time column (migration
 * `dashboard_indexes`).
 */
export function createDashboardRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const bucketOf = (column: SQL, unit: BucketUnit) => sql`extract(epoch from date_trunc(${unit}, ${column}, 'UTC'))::bigint`;
  const siteOf = (window: DashboardWindow, alias: SQL) => {
    const condition = siteCondition(sql`${alias}.site_id`, window.sites);
    return condition ? sql` and ${condition}` : sql``;
  };
  const numbers = <T extends BucketValue>(rows: T[]) => rows.map((row) => ({ ...row, bucket: Number(row.bucket), value: Number(row.value) }));

  return {
    async signups(window: DashboardWindow) {
      return numbers(
        await rowsOf<BucketValue>(sql`
          select ${bucketOf(sql`u.created_at`, window.unit)} as bucket, count(*)::int as value
          from users u
          where u.created_at >= ${window.from} and u.created_at < ${window.to} and not u.is_fictional${siteOf(window, sql`u`)}
          group by 1`),
      );
    },

    /** Of the members who signed up in the period, how many have paid by now. */
    async signupsWhoPaid(window: DashboardWindow): Promise<number> {
      const [row] = await rowsOf<{ value: number }>(sql`
        select count(*)::int as value from users u
        where u.created_at >= ${window.from} and u.created_at < ${window.to} and not u.is_fictional
          and u.paid_at is not null${siteOf(window, sql`u`)}`);
      return Number(row?.value ?? 0);
    },

    /** Activation links used: the moment a member confirmed their address. */
    async activations(window: DashboardWindow) {
      return numbers(
        await rowsOf<BucketValue>(sql`
          select ${bucketOf(sql`t.used_at`, window.unit)} as bucket, count(*)::int as value
          from email_tokens t join users u on u.id = t.user_id
          where t.purpose = 'activate' and t.used_at >= ${window.from} and t.used_at < ${window.to}${siteOf(window, sql`u`)}
          group by 1`),
      );
    },

    async activeMembers(window: DashboardWindow): Promise<number> {
      const [row] = await rowsOf<{ value: number }>(sql`
        select count(*)::int as value from users u
        where u.last_active_at >= ${window.from} and u.status <> 'deleted' and not u.is_fictional${siteOf(window, sql`u`)}`);
      return Number(row?.value ?? 0);
    },

    async messages(window: DashboardWindow) {
      const onSites = siteCondition(sql`site_id`, window.sites);
      const site = onSites ? sql` and m.sender_id in (select id from users where ${onSites})` : sql``;
      return numbers(
        await rowsOf<BucketValue>(sql`
          select ${bucketOf(sql`m.created_at`, window.unit)} as bucket, count(*)::int as value
          from messages m
          where m.created_at >= ${window.from} and m.created_at < ${window.to}${site}
          group by 1`),
      );
    },

    async firstPurchases(window: DashboardWindow) {
      return numbers(
        await rowsOf<BucketValue>(sql`
          select ${bucketOf(sql`u.paid_at`, window.unit)} as bucket, count(*)::int as value
          from users u
          where u.paid_at >= ${window.from} and u.paid_at < ${window.to}${siteOf(window, sql`u`)}
          group by 1`),
      );
    },

    /** Payments credited to members, per currency, in minor units. */
    async revenue(window: DashboardWindow) {
      return numbers(
        await rowsOf<CurrencyBucketValue>(sql`
          select ${bucketOf(sql`o.credited_at`, window.unit)} as bucket, o.currency, sum(o.amount)::bigint as value
          from orders o
          where o.credited_at >= ${window.from} and o.credited_at < ${window.to}${siteOf(window, sql`o`)}
          group by 1, 2`),
      );
    },

    /** Refunds made: how many per bucket, and how much per currency. */
    async refunds(window: DashboardWindow) {
      return (
        await rowsOf<CurrencyBucketValue & { amount: number }>(sql`
          select ${bucketOf(sql`r.created_at`, window.unit)} as bucket, r.currency, count(*)::int as value, sum(r.amount)::bigint as amount
          from refunds r join orders o on o.id = r.order_id
          where r.created_at >= ${window.from} and r.created_at < ${window.to}${siteOf(window, sql`o`)}
          group by 1, 2`)
      ).map((row) => ({ bucket: Number(row.bucket), currency: row.currency, value: Number(row.value), amount: Number(row.amount) }));
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

import { and, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { chargebacks, chargebackSettings, orders, profiles, sites, users } from '../schema/index';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';

export interface ConsoleChargebackFilters {
  id?: number;
  orderId?: number;
  kind?: 'chargeback' | 'return';
  openDebt?: boolean;
  siteId?: number;
  userId?: number;
  /** The sites the staff member may see (ADR 0060); null or absent for every site. */
  sites?: SiteIdFilter;
}

export interface ChargebackRatioCount {
  month: string;
  siteId: number;
  siteName: string;
  paymentMethod: string;
  paid: number;
  chargebacks: number;
}

/** The default warning threshold, 1 %: where card schemes start monitoring a merchant. */
export const DEFAULT_WARNING_BASIS_POINTS = 100;

/**
 * Chargebacks for the console: the list (newest first by id, keyset), the counts behind the
 * ratio per site, payment method and month, and the warning threshold's one row.
 */
export function createConsoleChargebacksRepository(db: Executor) {
  return {
    async page(filters: ConsoleChargebackFilters, options: { beforeId?: number; limit: number }) {
      const parts: SQL[] = [];
      if (filters.id !== undefined) parts.push(eq(chargebacks.id, filters.id));
      if (filters.orderId !== undefined) parts.push(eq(chargebacks.orderId, filters.orderId));
      if (filters.kind) parts.push(eq(chargebacks.kind, filters.kind));
      if (filters.openDebt !== undefined)
        parts.push(
          filters.openDebt
            ? and(gt(chargebacks.debtAmount, 0), isNull(chargebacks.debtResolution))!
            : sql`not (${chargebacks.debtAmount} > 0 and ${chargebacks.debtResolution} is null)`,
        );
      if (filters.siteId !== undefined) parts.push(eq(chargebacks.siteId, filters.siteId));
      if (filters.userId !== undefined) parts.push(eq(chargebacks.userId, filters.userId));
      const allowed = siteCondition(chargebacks.siteId, filters.sites ?? null);
      if (allowed) parts.push(allowed);
      if (options.beforeId !== undefined) parts.push(lt(chargebacks.id, options.beforeId));
      return db
        .select({
          chargeback: chargebacks,
          siteName: sites.name,
          orderAmount: orders.amount,
          memberEmail: users.email,
          memberName: profiles.name,
        })
        .from(chargebacks)
        .innerJoin(sites, eq(sites.id, chargebacks.siteId))
        .innerJoin(orders, eq(orders.id, chargebacks.orderId))
        .leftJoin(users, eq(users.id, chargebacks.userId))
        .leftJoin(profiles, eq(profiles.id, chargebacks.userId))
        .where(parts.length ? and(...parts) : undefined)
        .orderBy(desc(chargebacks.id))
        .limit(options.limit);
    },

    /** Paid orders (by the month they were credited) and chargebacks (by their date) per site, method and month in [from, to). */
    async ratioCounts(window: { from: Date; to: Date; sites: SiteIdFilter }): Promise<ChargebackRatioCount[]> {
      const from = window.from.toISOString();
      const to = window.to.toISOString();
      const allowed = siteCondition(sql`site_id`, window.sites);
      const orderSite = allowed ? sql`and ${allowed}` : sql``;
      const result = (await db.execute(sql`
        with paid as (
          select site_id, payment_method, to_char(credited_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as paid
          from orders
          where credited_at >= ${from}::timestamptz and credited_at < ${to}::timestamptz ${orderSite}
          group by 1, 2, 3),
        charged as (
          select site_id, payment_method, to_char(charged_back_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as chargebacks
          from chargebacks
          where charged_back_at >= ${from}::timestamptz and charged_back_at < ${to}::timestamptz ${orderSite}
          group by 1, 2, 3)
        select coalesce(p.month, c.month) as month, s.id as "siteId", s.name as "siteName",
               coalesce(p.payment_method, c.payment_method) as "paymentMethod",
               coalesce(p.paid, 0)::int as paid, coalesce(c.chargebacks, 0)::int as chargebacks
        from paid p
        full join charged c on c.site_id = p.site_id and c.payment_method = p.payment_method and c.month = p.month
        join sites s on s.id = coalesce(p.site_id, c.site_id)
        order by 1 desc, 3, 4`)) as unknown as { rows: ChargebackRatioCount[] };
      return result.rows;
    },

    async warningBasisPoints(): Promise<number> {
      const [row] = await db.select({ value: chargebackSettings.warningBasisPoints }).from(chargebackSettings).where(eq(chargebackSettings.id, 1));
      return row?.value ?? DEFAULT_WARNING_BASIS_POINTS;
    },

    async setWarningBasisPoints(value: number, at: Date): Promise<void> {
      await db
        .insert(chargebackSettings)
        .values({ id: 1, warningBasisPoints: value, updatedAt: at })
        .onConflictDoUpdate({ target: chargebackSettings.id, set: { warningBasisPoints: value, updatedAt: at } });
    },
  };
}

export type ConsoleChargebacksRepository = ReturnType<typeof createConsoleChargebacksRepository>;
export type ConsoleChargebackRecord = Awaited<ReturnType<ConsoleChargebacksRepository['page']>>[number];

import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';
import { discountCodes, orders, profiles, refunds, sites, users } from '../schema/index';

/** What the console filters orders by; all optional, combined with AND. */
export interface ConsoleOrderFilters {
  statuses?: readonly string[];
  refunded?: boolean;
  paymentMethod?: string;
  /** The sites whose orders count (the site an order was placed on); every site when null or absent. */
  sites?: SiteIdFilter;
  userId?: number;
  /** The provider's payment id (`tr_…`, `demo_…`), by `orders_provider_payment_id_idx`. */
  providerPaymentId?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

/** The list's order: by creation time or by amount, each with the id breaking ties. */
export interface OrderSortKey {
  sort: 'created' | 'amount';
  dir: 'asc' | 'desc';
}

/** Where the previous page ended: its last row's sort value (ms or minor units) and id. */
export interface OrderCursor {
  key: number;
  id: number;
}

function conditions(filters: ConsoleOrderFilters): SQL[] {
  const parts: SQL[] = [];
  if (filters.statuses?.length)
    parts.push(filters.statuses.length === 1 ? eq(orders.status, filters.statuses[0] as never) : inArray(orders.status, filters.statuses as never[]));
  if (filters.refunded !== undefined) {
    const exists = sql`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id})`;
    parts.push(filters.refunded ? exists : sql`not ${exists}`);
  }
  if (filters.paymentMethod) parts.push(eq(orders.paymentMethod, filters.paymentMethod));
  const onSites = siteCondition(orders.siteId, filters.sites ?? null);
  if (onSites) parts.push(onSites);
  if (filters.userId !== undefined) parts.push(eq(orders.userId, filters.userId));
  if (filters.providerPaymentId !== undefined) parts.push(eq(orders.providerPaymentId, filters.providerPaymentId));
  if (filters.from) parts.push(gte(orders.createdAt, filters.from));
  if (filters.to) parts.push(lt(orders.createdAt, filters.to));
  return parts;
}

/**
 * The console's reads of orders across sites. Every filter leads one of the `orders_*_created`
 * indexes, whose tail (created_at, id) is the list's order, so a page is an index range scan that
 * stops after `limit` rows; the next page starts after the last row (keyset), so page 400 costs
 * what page 1 does. Nothing here counts the matching rows.
 */
export function createConsoleOrdersRepository(db: Executor) {
  const columns = {
    order: orders,
    siteName: sites.name,
    discountCode: discountCodes.code,
    refundAmount: refunds.amount,
    refundCredits: refunds.credits,
    refundedAt: refunds.createdAt,
    memberName: profiles.name,
    memberEmail: users.email,
  };

  return {
    async page(filters: ConsoleOrderFilters, sortKey: OrderSortKey, options: { after?: OrderCursor; limit: number }) {
      const keyColumn = sortKey.sort === 'amount' ? orders.amount : orders.createdAt;
      const parts = conditions(filters);
      if (options.after) {
        const key = sortKey.sort === 'amount' ? sql`${options.after.key}::int` : sql`${new Date(options.after.key).toISOString()}::timestamptz`;
        parts.push(
          sortKey.dir === 'desc'
            ? sql`(${keyColumn}, ${orders.id}) < (${key}, ${options.after.id}::int)`
            : sql`(${keyColumn}, ${orders.id}) > (${key}, ${options.after.id}::int)`,
        );
      }
      const direction = sortKey.dir === 'desc' ? sql`desc` : sql`asc`;
      return (
        db
          .select(columns)
          .from(orders)
          .innerJoin(sites, eq(sites.id, orders.siteId))
          .leftJoin(refunds, eq(refunds.orderId, orders.id))
          .leftJoin(discountCodes, eq(discountCodes.id, orders.discountCodeId))
          // The member by primary key, per row of the page only (a purged member's orders keep no name).
          .leftJoin(users, eq(users.id, orders.userId))
          .leftJoin(profiles, eq(profiles.id, orders.userId))
          .where(parts.length ? and(...parts) : undefined)
          .orderBy(sql`${keyColumn} ${direction}`, sql`${orders.id} ${direction}`)
          .limit(options.limit)
      );
    },

    /**
     * Paid and refunded sums per currency over the filtered orders. The caller bounds the date
     * range, so this reads at most that period's rows through `orders_created_idx` (or a
     * narrower filter's index), never the whole table.
     */
    async totals(filters: ConsoleOrderFilters) {
      const parts = conditions(filters);
      return db
        .select({
          currency: orders.currency,
          paidCount: sql<number>`(count(*) filter (where ${orders.status} = 'paid'))::int`,
          paidAmount: sql<number>`coalesce(sum(${orders.amount}) filter (where ${orders.status} = 'paid'), 0)::bigint`,
          refundedCount: sql<number>`count(${refunds.id})::int`,
          refundedAmount: sql<number>`coalesce(sum(${refunds.amount}), 0)::bigint`,
        })
        .from(orders)
        .leftJoin(refunds, eq(refunds.orderId, orders.id))
        .where(parts.length ? and(...parts) : undefined)
        .groupBy(orders.currency)
        .orderBy(orders.currency);
    },
  };
}

export type ConsoleOrdersRepository = ReturnType<typeof createConsoleOrdersRepository>;
export type ConsoleOrderRow = Awaited<ReturnType<ConsoleOrdersRepository['page']>>[number];

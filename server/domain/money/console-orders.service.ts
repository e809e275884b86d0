import type { ConsoleOrder, OrderFilters, OrderTotals, OrdersQuery } from '../../../contract/admin/money';
import { TOTALS_MAX_DAYS } from '../../../contract/admin/money';
import { hasPermission } from '../../../contract/admin/roles';
import type { Executor } from '../../db/client';
import { createConsoleOrdersRepository, type ConsoleOrderRow } from '../../db/repositories/console-orders.repository';
import { csvField, SYSTEM_ACTOR, type AuditService, type StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import { cursorOf, DAY_MS, orderFiltersOf, parseCursor } from './order-filters';
import { scopeOfActor, type SiteScope } from '../staff/site-scope';

const EXPORT_BATCH = 1000;

export function presentConsoleOrder(row: ConsoleOrderRow, showEmail = false): ConsoleOrder {
  const { order } = row;
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    site_id: order.siteId,
    site_name: row.siteName,
    user_id: order.userId,
    member_name: row.memberName,
    member_email: showEmail ? row.memberEmail : null,
    status: order.status,
    payment_method: order.paymentMethod,
    provider: order.provider,
    provider_payment_id: order.providerPaymentId,
    country: order.country,
    currency: order.currency,
    amount: order.amount,
    list_amount: order.listAmount,
    credits: order.credits,
    discount_code: row.discountCode,
    discount_percentage: order.discountPercentage,
    refund: row.refundedAt ? { amount: row.refundAmount ?? 0, credits: row.refundCredits ?? 0, created_at: row.refundedAt.toISOString() } : null,
  };
}

/** Minor units as the decimal an accountant's spreadsheet reads: 1995 → 19.95. */
const decimal = (minor: number) => (minor / 100).toFixed(2);

export const ORDERS_CSV_HEADER =
  'order_id,created_at,site_id,site,user_id,status,payment_method,provider,provider_payment_id,country,currency,amount,list_amount,discount_code,discount_percentage,credits,refunded_amount,refunded_at';

/**
 * Orders across sites for the console's money area (money.read): one page at a time by keyset,
 * totals over a bounded period, and the CSV export for accounting (ADR 0027).
 */
export function createConsoleOrdersService(deps: { db: Executor; audit: AuditService }) {
  const repository = createConsoleOrdersRepository(deps.db);

  return {
    /** One page of the orders placed on the staff member's sites; the members' addresses only for a reader whose role may see members. */
    async page(query: OrdersQuery, scope: SiteScope, actor: StaffActor = SYSTEM_ACTOR): Promise<{ items: ConsoleOrder[]; next_after: string | null }> {
      const rows = await repository.page(
        orderFiltersOf(query, scope),
        { sort: query.sort, dir: query.dir },
        { after: parseCursor(query.after), limit: query.page_size + 1 },
      );
      const items = rows.slice(0, query.page_size);
      const last = items[items.length - 1];
      const next =
        rows.length > query.page_size && last ? cursorOf(query.sort === 'amount' ? last.order.amount : last.order.createdAt.getTime(), last.order.id) : null;
      const showEmail = actor.role === 'system' || hasPermission(actor.role, 'members.read');
      return { items: items.map((row) => presentConsoleOrder(row, showEmail)), next_after: next };
    },

    /**
     * Paid and refunded sums per currency for the filter. The filter must name both days and
     * span at most TOTALS_MAX_DAYS: that bounds the rows read to one period's orders whatever
     * the table's size (a month of a busy year is a few tens of thousands of index entries),
     * where an open range would sum every order ever taken on each page view. Longer periods
     * are what the CSV export is for.
     */
    async totals(query: OrderFilters, scope: SiteScope): Promise<OrderTotals> {
      const filters = orderFiltersOf(query, scope);
      const days = filters.from && filters.to ? (filters.to.getTime() - filters.from.getTime()) / DAY_MS : Infinity;
      if (days < 1 || days > TOTALS_MAX_DAYS) throw new AppError('order_totals_range', { params: { days: TOTALS_MAX_DAYS } });
      const rows = await repository.totals(filters);
      return {
        from: query.from!,
        to: query.to!,
        currencies: rows.map((row) => ({
          currency: row.currency,
          paid_count: row.paidCount,
          paid_amount: Number(row.paidAmount),
          refunded_count: row.refundedCount,
          refunded_amount: Number(row.refundedAmount),
        })),
      };
    },

    /**
     * The filtered orders as CSV, oldest first, read in keyset batches so an export of a year
     * never sits in memory. The export is recorded in the audit log before the first byte goes
     * out: it is a read, but payment data leaving the console is worth a trace of who took it.
     * Every cell goes through `csvField`, which quotes it and defuses a leading = + - @.
     */
    async csv(actor: StaffActor, query: OrderFilters): Promise<AsyncGenerator<string>> {
      const filters = orderFiltersOf(query, scopeOfActor(actor));
      await deps.audit.record(deps.db, actor, { action: 'orders.export', targetType: 'orders', targetId: null, after: { filter: { ...query } } });
      return (async function* () {
        yield `${ORDERS_CSV_HEADER}\r\n`;
        let after: { key: number; id: number } | undefined;
        for (;;) {
          const rows = await repository.page(filters, { sort: 'created', dir: 'asc' }, { after, limit: EXPORT_BATCH });
          let chunk = '';
          for (const { order, siteName, discountCode, refundAmount, refundedAt } of rows) {
            const cells = [
              order.id,
              order.createdAt.toISOString(),
              order.siteId,
              siteName,
              order.userId ?? '',
              order.status,
              order.paymentMethod,
              order.provider,
              order.providerPaymentId ?? '',
              order.country,
              order.currency,
              decimal(order.amount),
              decimal(order.listAmount),
              discountCode ?? '',
              order.discountPercentage,
              order.credits,
              refundedAt ? decimal(refundAmount ?? 0) : '',
              refundedAt?.toISOString() ?? '',
            ];
            chunk += `${cells.map(csvField).join(',')}\r\n`;
          }
          if (chunk) yield chunk;
          if (rows.length < EXPORT_BATCH) return;
          const last = rows[rows.length - 1].order;
          after = { key: last.createdAt.getTime(), id: last.id };
        }
      })();
    },
  };
}

export type ConsoleOrdersService = ReturnType<typeof createConsoleOrdersService>;

import type { OrderFilters } from '../../../contract/admin/money';
import type { ConsoleOrderFilters } from '../../db/repositories/console-orders.repository';
import { narrowScope, type SiteScope } from '../staff/site-scope';

export const DAY_MS = 86_400_000;

/**
 * The console's order filters as the repository takes them: days become [from, to) instants, and
 * the site filter is narrowed to the staff member's sites (ADR 0060).
 */
export function orderFiltersOf(query: OrderFilters, scope: SiteScope): ConsoleOrderFilters {
  return {
    statuses: query.status === 'unpaid' ? ['open', 'pending'] : query.status ? [query.status] : undefined,
    refunded: query.refunded === undefined ? undefined : query.refunded === 'true',
    paymentMethod: query.payment_method,
    sites: narrowScope(scope, query.site_id),
    userId: query.user_id,
    providerPaymentId: query.payment_id,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
  };
}

/** A page cursor `<key>.<id>` (the last row's sort value and id), as the client sends it back. */
export function parseCursor(cursor: string | undefined): { key: number; id: number } | undefined {
  if (!cursor) return undefined;
  const [key, id] = cursor.split('.').map(Number);
  return { key, id };
}

export const cursorOf = (key: number, id: number) => `${key}.${id}`;

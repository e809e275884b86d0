import type { ConsoleMandate, MandatesQuery } from '../../../contract/admin/money';
import type { Executor } from '../../db/client';
import { createConsoleMandatesRepository, type ConsoleMandateRow } from '../../db/repositories/console-mandates.repository';
import { cursorOf, parseCursor } from './order-filters';
import type { SiteScope } from '../staff/site-scope';

/** `DE89370400440532013000` → `DE•• •••• 3000`: enough to recognise an account, not to use it. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return `${compact.slice(0, 2)}•• •••• ${compact.slice(-4)}`;
}

export function presentConsoleMandate(row: ConsoleMandateRow): ConsoleMandate {
  return {
    id: row.id,
    user_id: row.userId,
    member_email: row.memberEmail,
    site_id: row.siteId,
    order_id: row.orderId,
    account_holder: row.accountHolder,
    iban: maskIban(row.iban),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    direct_debit_blocked: row.directDebitBlocked,
  };
}

/**
 * SEPA mandates across sites and the members blocked for direct debit (money.read). Unblocking
 * is a member action (members.write) on the member's page; this list links there.
 */
export function createConsoleMandatesService(deps: { db: Executor }) {
  const repository = createConsoleMandatesRepository(deps.db);
  return {
    /** One page of the mandates of the staff member's sites' members. */
    async page(query: MandatesQuery, scope: SiteScope): Promise<{ items: ConsoleMandate[]; next_after: string | null }> {
      const rows = await repository.page(
        {
          blocked: query.blocked === undefined ? undefined : query.blocked === 'true',
          confirmed: query.confirmed === undefined ? undefined : query.confirmed === 'true',
          userId: query.user_id,
          sites: scope,
        },
        { beforeId: parseCursor(query.after)?.id, limit: query.page_size + 1 },
      );
      const items = rows.slice(0, query.page_size);
      const last = items[items.length - 1];
      return { items: items.map(presentConsoleMandate), next_after: rows.length > query.page_size && last ? cursorOf(last.id, last.id) : null };
    },
  };
}

export type ConsoleMandatesService = ReturnType<typeof createConsoleMandatesService>;

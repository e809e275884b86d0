import type { ConsoleChargeback } from '../../../contract/admin/chargebacks';
import { SEPA_RETURN_REASONS, type BookSepaReturnInput } from '../../../contract/admin/sepa-returns';
import type { Executor } from '../../db/client';
import { createConsoleChargebacksRepository } from '../../db/repositories/console-chargebacks.repository';
import { createOrdersRepository } from '../../db/repositories/orders.repository';
import type { OrderRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { bookChargebacks, recordChargebacks, type BookedChargeback } from '../payments/chargebacks';
import { SEPA_PROVIDER, type PaymentEvents } from '../payments/orders.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { assertSiteAllowed, scopeOfActor } from '../staff/site-scope';
import { presentConsoleChargeback } from './console-chargebacks.service';

/** The one return a collected debit can have: the bank sends the whole debit back, once. */
export const ownReturnId = (orderId: number) => `return-order-${orderId}`;

/** The day of an instant, `YYYY-MM-DD` in UTC. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Only an order the site collected itself by mandate, paid and credited, can come back from the bank. */
function assertOwnCollectedDebit(order: OrderRow): asserts order is OrderRow & { creditedAt: Date } {
  if (order.provider !== SEPA_PROVIDER || order.paymentMethod !== 'directdebit' || order.status !== 'paid' || !order.creditedAt)
    throw new AppError('sepa_return_not_applicable');
}

/**
 * Returned debits of the site's own SEPA mandates (issue 33), which no provider reports: an
 * operator with money.write books one from the bank's return file, with its R-transaction reason
 * code and day. It goes through the same booking as a provider's report (ADR 0063): the order's
 * unused credits come back off the ledger, the rest is the member's debt, direct debit is blocked
 * and the member is mailed. Booked once: the return's id is the order's, so a second booking of
 * it finds the first and changes nothing, and only the first is audited.
 */
export function createConsoleSepaReturnsService(deps: { db: Executor; audit: AuditService; clock: Clock; events: PaymentEvents }) {
  const { db, clock } = deps;

  async function findReturn(orderId: number): Promise<ConsoleChargeback> {
    const [row] = await createConsoleChargebacksRepository(db).page({ orderId, kind: 'return' }, { limit: 1 });
    if (!row) throw new AppError('not_found');
    return presentConsoleChargeback(row);
  }

  return {
    async book(actor: StaffActor, orderId: number, input: BookSepaReturnInput): Promise<ConsoleChargeback> {
      const booked: BookedChargeback[] = await db.transaction(async (tx) => {
        const order = await createOrdersRepository(tx).lock(orderId);
        if (!order) throw new AppError('not_found');
        // Staff limited to some sites know nothing of another site's orders (ADR 0060).
        assertSiteAllowed(scopeOfActor(actor), order.siteId);
        assertOwnCollectedDebit(order);
        const now = clock.now();
        if (input.returned_on > dayOf(now) || input.returned_on < dayOf(order.creditedAt)) throw new AppError('sepa_return_date_invalid');
        const [recorded] = await recordChargebacks(
          tx,
          order,
          [
            {
              id: ownReturnId(order.id),
              kind: 'return',
              amount: order.amount,
              currency: order.currency,
              reasonCode: input.reason_code,
              reasonText: SEPA_RETURN_REASONS[input.reason_code],
              at: new Date(`${input.returned_on}T00:00:00Z`),
            },
          ],
          now,
        );
        if (!recorded) return [];
        const result = await bookChargebacks(tx, order, now);
        const mine = result.find((entry) => entry.chargeback.id === recorded.id);
        await deps.audit.record(tx, actor, {
          action: 'order.book_sepa_return',
          targetType: 'order',
          targetId: order.id,
          before: { sepa_return: null },
          after: {
            sepa_return: recorded.id,
            reason_code: input.reason_code,
            returned_on: input.returned_on,
            user_id: order.userId,
            reversed_credits: mine?.plan.reversedCredits ?? 0,
            debt_amount: mine?.plan.debtAmount ?? 0,
            currency: order.currency,
          },
        });
        return result;
      });
      // After commit: the member's balance on their tabs, and the mail in their language.
      for (const entry of booked) {
        deps.events.creditsChanged(entry.userId, entry.balance);
        deps.events.chargebackBooked?.(entry);
      }
      return findReturn(orderId);
    },
  };
}

export type ConsoleSepaReturnsService = ReturnType<typeof createConsoleSepaReturnsService>;

import type { ProviderChargeback } from '../../adapters/payments/payment-provider.port';
import type { Executor } from '../../db/client';
import { createChargebacksRepository } from '../../db/repositories/chargebacks.repository';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import type { ChargebackRow, OrderRow } from '../../db/schema/index';
import { bookCreditsOnce } from '../credits/ledger';

/** A chargeback the provider reversed, just booked: what the member gets back, and their balance. */
export interface ReversedChargeback {
  chargeback: ChargebackRow;
  order: OrderRow;
  userId: number;
  restoredCredits: number;
  balance: number;
}

/**
 * Books the provider's reversal of chargebacks it reported earlier (the merchant won the
 * dispute: Mollie's `reversedAt`), once each: the chargeback is closed as `reversed` with its
 * open debt, and the credits it took back are given back on the ledger (a `chargeback_reversal`
 * entry under the key `chargeback-reversal:<id>`, so replays book nothing). A chargeback never
 * booked (its order not credited yet) is only closed: it took nothing. An operator's earlier
 * decision on the debt (settled, waived) stands; the credits still come back once. The caller
 * holds the order's row lock.
 */
export async function reverseChargebacks(tx: Executor, order: OrderRow, reported: ProviderChargeback[], now: Date): Promise<ReversedChargeback[]> {
  const repository = createChargebacksRepository(tx);
  const reversed: ReversedChargeback[] = [];
  for (const report of reported) {
    if (!report.reversedAt || order.userId === null) continue;
    const row = await repository.lockByProviderId(order.provider, report.id);
    if (!row || row.debtResolution === 'reversed') continue;
    const closed = await repository.markReversed(row.id, report.reversedAt);
    const balance = await createCreditsRepository(tx).lockBalance(order.userId);
    if (balance === null) continue;
    const restore =
      row.bookedAt && row.reversedCredits > 0
        ? await bookCreditsOnce(tx, {
            userId: order.userId,
            delta: row.reversedCredits,
            reason: 'chargeback_reversal',
            reference: `order:${order.id}`,
            idempotencyKey: `chargeback-reversal:${row.id}`,
            at: now,
          })
        : ({ booked: false } as const);
    if (!closed && !restore.booked) continue;
    reversed.push({
      chargeback: closed ?? row,
      order,
      userId: order.userId,
      restoredCredits: restore.booked ? row.reversedCredits : 0,
      balance: restore.booked ? (restore.balance ?? balance) : balance,
    });
  }
  return reversed;
}

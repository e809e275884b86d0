import type { ProviderChargeback } from '../../adapters/payments/payment-provider.port';
import type { Executor } from '../../db/client';
import { createChargebacksRepository } from '../../db/repositories/chargebacks.repository';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import type { ChargebackRow, OrderRow } from '../../db/schema/index';
import { bookCredits } from '../credits/ledger';
import { planChargeback, type ChargebackPlan } from './chargeback-rules';
import { unusedBoughtCredits } from './refund-rules';

/** A chargeback whose reversal was just booked: what the member is told, and their new balance. */
export interface BookedChargeback {
  chargeback: ChargebackRow;
  order: OrderRow;
  userId: number;
  balance: number;
  plan: ChargebackPlan;
}

/** Provider fields kept within sensible lengths: they are the provider's text, shown to operators. */
const clip = (value: string | null, length: number) => (value ? value.slice(0, length) : null);

/**
 * Records what the provider reports about an order's chargebacks, once each (the provider's id
 * is unique). The caller holds the order's row lock. A direct debit's chargeback is a return.
 * Returns the rows recorded now: a chargeback recorded before is not among them.
 */
export async function recordChargebacks(tx: Executor, order: OrderRow, reported: ProviderChargeback[], now: Date): Promise<ChargebackRow[]> {
  const repository = createChargebacksRepository(tx);
  const recorded: ChargebackRow[] = [];
  for (const chargeback of reported) {
    const row = await repository.insertUnlessExists({
      orderId: order.id,
      userId: order.userId,
      siteId: order.siteId,
      provider: order.provider,
      providerChargebackId: chargeback.id,
      kind: chargeback.kind === 'return' || order.paymentMethod === 'directdebit' ? 'return' : 'chargeback',
      paymentMethod: order.paymentMethod,
      amount: Math.max(0, chargeback.amount),
      currency: chargeback.currency,
      reasonCode: clip(chargeback.reasonCode, 32),
      reasonText: clip(chargeback.reasonText, 300),
      chargedBackAt: chargeback.at,
      createdAt: now,
    });
    if (row) recorded.push(row);
  }
  return recorded;
}

/**
 * Books every recorded chargeback of a credited order that is not booked yet: the order's unused
 * credits come off the ledger and the rest becomes the member's debt (`planChargeback`); a
 * return also blocks direct debit. The caller holds the order's row lock; the member's balance
 * is locked here (order first, then balance, as crediting and refunds lock them). An order not
 * credited yet books nothing: its crediting calls this again, so the order of reports does not
 * matter.
 */
export async function bookChargebacks(tx: Executor, order: OrderRow, now: Date): Promise<BookedChargeback[]> {
  if (!order.creditedAt || order.userId === null) return [];
  const userId = order.userId;
  const repository = createChargebacksRepository(tx);
  const pending = await repository.listUnbooked(order.id);
  const credits = createCreditsRepository(tx);
  const booked: BookedChargeback[] = [];
  for (const chargeback of pending) {
    const balance = await credits.lockBalance(userId);
    if (balance === null) break;
    const plan = planChargeback({
      order,
      chargebackAmount: chargeback.amount,
      coveredCredits: await repository.coveredCredits(order.id),
      unusedCredits: unusedBoughtCredits(await credits.listSteps(userId)).get(order.id) ?? 0,
      balance,
    });
    if (!(await repository.markBooked(chargeback.id, { ...plan, at: now }))) continue;
    const after =
      plan.reversedCredits > 0
        ? await bookCredits(tx, {
            userId,
            delta: -plan.reversedCredits,
            reason: 'chargeback',
            reference: `order:${order.id}`,
            idempotencyKey: `chargeback:${chargeback.id}`,
            at: now,
          })
        : balance;
    if (chargeback.kind === 'return') await repository.blockDirectDebit(userId);
    booked.push({ chargeback, order, userId, balance: after ?? balance, plan });
  }
  return booked;
}

import type { LedgerStep } from '../../db/repositories/credits.repository';
import type { OrderRecord } from '../../db/repositories/orders.repository';

const DAY_MS = 86_400_000;

const orderIdOf = (reference: string | null) => (reference?.startsWith('order:') ? Number(reference.slice('order:'.length)) : null);

/**
 * Which bought credits are still unused, per order, by the rule of ADR 0020: every spend
 * draws on bought credits first, oldest order first, and on free credits (sign-up bonus,
 * operator grants) only once no bought credit is left; a refund or a chargeback takes its own
 * order's credits. Walks the ledger in order, so a spend only ever draws on credits that had arrived.
 */
export function unusedBoughtCredits(steps: LedgerStep[]): Map<number, number> {
  const bought: { orderId: number; left: number }[] = [];
  let free = 0;
  const draw = (credits: number) => {
    let due = credits;
    for (const order of bought) {
      if (!due) break;
      const taken = Math.min(order.left, due);
      order.left -= taken;
      due -= taken;
    }
    free = Math.max(0, free - due);
  };

  for (const step of steps) {
    const orderId = orderIdOf(step.reference);
    if (step.reason === 'purchase' && step.delta > 0 && orderId !== null) {
      bought.push({ orderId, left: step.delta });
    } else if (step.reason === 'refund' || step.reason === 'chargeback') {
      const order = bought.find((entry) => entry.orderId === orderId);
      const taken = Math.min(order?.left ?? 0, -step.delta);
      if (order) order.left -= taken;
      // Refunds made before this rule could take more than was unused: the rest was free credit.
      free = Math.max(0, free - (-step.delta - taken));
    } else if (step.reason === 'chargeback_reversal' && step.delta > 0) {
      // A reversed chargeback gives its order's credits back to that order.
      const order = bought.find((entry) => entry.orderId === orderId);
      if (order) order.left += step.delta;
      else free += step.delta;
    } else if (step.delta > 0) {
      free += step.delta;
    } else {
      draw(-step.delta);
    }
    draw(-step.spentAfter);
  }
  return new Map(bought.map((order) => [order.orderId, order.left]));
}

/**
 * How many of an order's credits a member may still get refunded: its unused bought credits
 * (`unusedBoughtCredits`), within the site's refund window after payment, once.
 */
export function refundableCredits(record: OrderRecord, unused: Map<number, number>, refundDays: number, now: Date): number {
  const { order } = record;
  if (order.status !== 'paid' || !order.creditedAt || record.refund) return 0;
  if (now.getTime() >= order.creditedAt.getTime() + refundDays * DAY_MS) return 0;
  return Math.max(0, Math.min(order.credits, unused.get(order.id) ?? 0));
}

/** The money for refunded credits: the order's price, pro rata, rounded to the minor unit. */
export const refundAmount = (orderAmount: number, orderCredits: number, credits: number) => Math.round((orderAmount * credits) / orderCredits);

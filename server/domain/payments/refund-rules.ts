import type { OrderRecord } from '../../db/repositories/orders.repository';

const DAY_MS = 86_400_000;

/**
 * How many of an order's credits a member may still get refunded: the unused ones — never more
 * than the order gave nor than the balance holds — within the site's refund window after payment.
 */
export function refundableCredits(record: OrderRecord, balance: number, refundDays: number, now: Date): number {
  const { order } = record;
  if (order.status !== 'paid' || !order.creditedAt || record.refund) return 0;
  if (now.getTime() >= order.creditedAt.getTime() + refundDays * DAY_MS) return 0;
  return Math.max(0, Math.min(order.credits, balance));
}

/** The money for refunded credits: the order's price, pro rata, rounded to the minor unit. */
export const refundAmount = (orderAmount: number, orderCredits: number, credits: number) => Math.round((orderAmount * credits) / orderCredits);

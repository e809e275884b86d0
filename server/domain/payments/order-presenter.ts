import type { LedgerEntry, Order } from '../../../contract/payments';
import type { PaymentMethod } from '../../../contract/payment-methods';
import type { OrderRecord } from '../../db/repositories/orders.repository';
import type { CreditLedgerRow } from '../../db/schema/index';

export function presentOrder(record: OrderRecord, refundableCredits = 0): Order {
  const { order, refund } = record;
  return {
    id: order.id,
    status: order.status,
    bundle_id: order.bundleId,
    credits: order.credits,
    price: { amount: order.amount, currency: order.currency },
    list_price: { amount: order.listAmount, currency: order.currency },
    discount_percentage: order.discountPercentage,
    discount_code: record.discountCode,
    payment_method: order.paymentMethod as PaymentMethod,
    created_at: order.createdAt.toISOString(),
    credited_at: order.creditedAt?.toISOString() ?? null,
    refund: refund
      ? { credits: refund.credits, price: { amount: refund.amount, currency: refund.currency }, created_at: refund.createdAt.toISOString() }
      : null,
    refundable_credits: refundableCredits,
  };
}

export function presentLedgerEntry(row: CreditLedgerRow): LedgerEntry {
  const orderId = row.reference?.startsWith('order:') ? Number(row.reference.slice('order:'.length)) : null;
  return { id: row.id, delta: row.delta, balance_after: row.balanceAfter, reason: row.reason, order_id: orderId, created_at: row.createdAt.toISOString() };
}

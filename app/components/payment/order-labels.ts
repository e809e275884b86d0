import type { Order } from '../../../contract/payments';

/** The badge colour of an order's state; a refunded order reads as refunded whatever it was. */
export function orderTone(order: Pick<Order, 'status' | 'refund'>): string {
  if (order.refund) return 'text-bg-secondary';
  switch (order.status) {
    case 'paid':
      return 'text-bg-success';
    case 'pending':
    case 'open':
      return 'text-bg-warning';
    default:
      return 'text-bg-danger';
  }
}

/** The i18n key of an order's state. */
export const orderStatusKey = (order: Pick<Order, 'status' | 'refund'>) =>
  order.refund ? 'transactions.status.refunded' : `transactions.status.${order.status}`;

/** The money back for refunding `credits` of an order: its price pro rata, as the server computes it (`refundAmount`). */
export const refundAmountFor = (order: Pick<Order, 'price' | 'credits'>, credits: number) => Math.round((order.price.amount * credits) / order.credits);

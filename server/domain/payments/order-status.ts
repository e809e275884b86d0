import type { OrderStatus } from '../../../contract/payments';
import type { ProviderStatus } from '../../adapters/payments/payment-provider.port';

/** The provider's word for a payment's state, in the order's vocabulary. */
export function orderStatusOf(status: ProviderStatus): OrderStatus {
  switch (status) {
    case 'open':
      return 'open';
    case 'pending':
    case 'authorized':
      return 'pending';
    case 'paid':
      return 'paid';
    case 'failed':
      return 'failed';
    case 'canceled':
      return 'cancelled';
    case 'expired':
      return 'expired';
  }
}

const ENDED: readonly OrderStatus[] = ['failed', 'cancelled', 'expired'];

/**
 * The order's next status after a report. Reports arrive late, twice and out of order, so the
 * status only moves forward: open → pending → an end. `paid` wins over everything, because
 * money the provider says it received must be credited, and nothing moves a paid order back.
 */
export function nextOrderStatus(current: OrderStatus, reported: OrderStatus): OrderStatus {
  if (current === 'paid' || reported === 'paid') return 'paid';
  if (ENDED.includes(current)) return current;
  if (ENDED.includes(reported)) return reported;
  if (reported === 'pending') return 'pending';
  return current;
}

export const isFinal = (status: OrderStatus) => status === 'paid' || ENDED.includes(status);

/** Failed, cancelled or expired: the order will not be paid unless the provider says otherwise later. */
export const hasEndedUnpaid = (status: OrderStatus) => ENDED.includes(status);

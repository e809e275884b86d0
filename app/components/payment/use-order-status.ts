import { useEffect, useState } from 'react';
import type { OrderStatusResponse } from '../../../contract/payments';
import { api } from '../../lib/api-client';

/** Spec §4 "pending (processing)": ask again every 2 s; stop after 5 minutes, the webhook still credits later. */
const POLL_MS = 2_000;
const MAX_POLLS = 150;

export type PaymentState = 'loading' | 'pending' | 'completed' | 'failed' | 'unfinished';

/**
 * Where a returned payment stands. `open` means the provider has not said anything yet: first
 * shown as loading, then — if it stays open — as unfinished, so the member can pay again.
 */
export function paymentStateOf(status: OrderStatusResponse['order']['status'], polls: number): PaymentState {
  switch (status) {
    case 'paid':
      return 'completed';
    case 'pending':
      return 'pending';
    case 'open':
      return polls < 3 ? 'loading' : 'unfinished';
    default:
      return 'failed';
  }
}

/** The order from the page's loader, kept current by polling `GET /api/orders.php?id=` while unfinished. */
export function useOrderStatus(initial: OrderStatusResponse | null) {
  const [current, setCurrent] = useState(initial);
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    setCurrent(initial);
    setPolls(0);
  }, [initial]);

  const orderId = current?.order.id ?? null;
  const unfinished = current?.order.status === 'open' || current?.order.status === 'pending';
  useEffect(() => {
    if (!orderId || !unfinished || polls >= MAX_POLLS) return;
    const timer = setTimeout(async () => {
      const fresh = await api<OrderStatusResponse>(`orders.php?id=${orderId}`).catch(() => null);
      if (fresh) setCurrent(fresh);
      setPolls((count) => count + 1);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [orderId, unfinished, polls]);

  return current ? { status: current, state: paymentStateOf(current.order.status, polls), gaveUp: polls >= MAX_POLLS } : null;
}

import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import type { OrderStatusResponse } from '../../../contract/payments';
import { useRootData } from '../../root';
import { useCounters } from '../../state/counters';

/**
 * After a paid order, the nav must show the new balance and premium status. The page's user
 * data was read before the return page credited the order, so it is loaded again — once per
 * order, and only when it is out of date.
 */
export function useRefreshAfterPayment(status: OrderStatusResponse | null) {
  const { user } = useRootData();
  const revalidator = useRevalidator();
  const refreshedFor = useRef<number | null>(null);
  const paid = status?.order.status === 'paid';
  const stale = !!user && !!status && (user.credits !== status.credits || user.paid_user !== status.paid_user);

  useEffect(() => {
    if (!paid || !status) return;
    useCounters.getState().set({ credits: status.credits });
    if (!stale || refreshedFor.current === status.order.id) return;
    refreshedFor.current = status.order.id;
    void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paid, stale, status]);
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentMethod } from '../../../contract/payment-methods';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';

export interface OrderChoice {
  bundleId: number;
  method: PaymentMethod;
  discountCode?: string;
}

interface CreatedOrder {
  order: { id: number };
  redirect_url: string;
}

const newClientId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * Starts an order and sends the browser to pay it. Each distinct choice (bundle, method, code)
 * gets one client id for as long as the page is open, so a double click or a retried request
 * answers with the same order instead of making a second one; a page restored from the
 * back/forward cache (the payer came back from the provider) starts afresh.
 */
export function usePlaceOrder() {
  const ids = useRef(new Map<string, string>());
  // Once the browser is on its way to the provider, the button stays off.
  const [leaving, setLeaving] = useState(false);
  const inFlight = useRef(false);

  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      ids.current.clear();
      inFlight.current = false;
      setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const clientIdFor = (choice: OrderChoice | 'repeat') => {
    const key = choice === 'repeat' ? choice : `${choice.bundleId}|${choice.method}|${choice.discountCode ?? ''}`;
    let id = ids.current.get(key);
    if (!id) ids.current.set(key, (id = newClientId()));
    return id;
  };

  const action = useApiAction(
    useCallback(async (choice: OrderChoice | 'repeat') => {
      const answer =
        choice === 'repeat'
          ? await api<CreatedOrder>('orders.php?repeat=1', { method: 'POST', body: { client_id: clientIdFor(choice) } })
          : await api<CreatedOrder>('orders.php', {
              method: 'POST',
              body: { bundle_id: choice.bundleId, payment_method: choice.method, discount_code: choice.discountCode, client_id: clientIdFor(choice) },
            });
      setLeaving(true);
      window.location.assign(answer.redirect_url);
      return answer;
    }, []),
  );

  /** `'repeat'`: the member's last paid order again (`POST orders.php?repeat=1`). */
  const place = async (choice: OrderChoice | 'repeat') => {
    if (inFlight.current) return;
    inFlight.current = true;
    const answer = await action.run(choice);
    if (!answer) inFlight.current = false;
  };

  return { place, busy: action.pending || leaving, error: action.error };
}

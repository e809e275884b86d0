import { useCallback, useState } from 'react';
import type { DirectDebitResponse, OrderStatusResponse } from '../../../../contract/payments';
import { api } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';

export interface MandateValues {
  account_holder: string;
  iban: string;
  street: string;
  house_number: string;
  postal_code: string;
  city: string;
  mobile: string;
  consent: boolean;
}

export type DirectDebitStep = 'form' | 'code' | 'done';

const post = (body: object) => api<DirectDebitResponse>('directdebit.php', { method: 'POST', body });

/**
 * The SEPA form's three steps against `POST /api/directdebit.php`: the mandate (which texts a
 * code), the code, and the paid order's status for the balance. `pending` is a mandate the
 * server already has for this order, waiting for its code: the flow starts at the code step. Calls that send an SMS are not
 * retried by the client (`retry-policy.ts`): each try would count against the member's five new codes.
 */
export function useDirectDebit(orderId: number, initial: OrderStatusResponse | null, pending: DirectDebitResponse | null = null) {
  // A mandate already waiting for its code (the page was reloaded) resumes at the code step.
  const [step, setStep] = useState<DirectDebitStep>(initial?.order.status === 'paid' ? 'done' : pending ? 'code' : 'form');
  const [mandate, setMandate] = useState<DirectDebitResponse | null>(pending);
  const [status, setStatus] = useState<OrderStatusResponse | null>(initial);
  const [resent, setResent] = useState(false);

  const submit = useApiAction(
    useCallback(
      async (values: MandateValues) => {
        const answer = await post({ action: 'mandate', order_id: orderId, ...values });
        setMandate(answer);
        setResent(false);
        setStep('code');
        return answer;
      },
      [orderId],
    ),
  );

  const confirm = useApiAction(
    useCallback(
      async (code: string) => {
        if (!mandate) return undefined;
        await post({ action: 'confirm', mandate_id: mandate.mandate_id, code });
        // The paid order with the new balance and premium state, for the nav and the summary.
        const paid = await api<OrderStatusResponse>(`orders.php?id=${orderId}`);
        setStatus(paid);
        setStep('done');
        return paid;
      },
      [mandate, orderId],
    ),
  );

  const resend = useApiAction(
    useCallback(async () => {
      if (!mandate) return undefined;
      const answer = await post({ action: 'resend', mandate_id: mandate.mandate_id });
      setMandate(answer);
      setResent(true);
      return answer;
    }, [mandate]),
  );

  return {
    step,
    mandate,
    status,
    resent,
    submit,
    confirm,
    resend,
    /** Back to the form to correct the details; the next submit texts a new code. */
    editDetails: () => {
      confirm.clearError();
      resend.clearError();
      setStep('form');
    },
  };
}

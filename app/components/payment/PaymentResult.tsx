import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { forgetPurchaseOrigin, readPurchaseOrigin } from '../../lib/purchase-origin';
import { Link } from '../ui/links';
import { CARD_METHODS, type PaymentMethod } from '../../../contract/payment-methods';
import type { OrderStatusResponse } from '../../../contract/payments';
import { formatMoney } from '../../lib/format-money';
import { usePaymentMethodName } from './PaymentMethodLogo';
import type { PaymentState } from './use-order-status';

interface Props {
  status: OrderStatusResponse;
  state: PaymentState;
  gaveUp: boolean;
  /** The methods the member may pay with, to offer PayPal after a declined card. */
  methods: PaymentMethod[];
  busy: boolean;
  onPay(method: PaymentMethod): void;
}

/** The conversation the purchase started in, read after hydration (it lives in the tab's storage). */
function useConversationBack(): string | null {
  const [back, setBack] = useState<string | null>(null);
  useEffect(() => setBack(readPurchaseOrigin()), []);
  return back;
}

function Waiting({ text }: { text: string }) {
  return (
    <div className="alert alert-info d-flex align-items-center gap-3" role="status" data-testid="payment-state">
      <span className="spinner-border spinner-border-sm flex-shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** The payment screens of spec §4 after the provider sends the member back: loading, pending, completed, failed. */
export function PaymentResult({ status, state, gaveUp, methods, busy, onPay }: Props) {
  const { t, i18n } = useTranslation();
  const nameOf = usePaymentMethodName();
  const { order } = status;
  const back = useConversationBack();

  if (state === 'loading') return <Waiting text={t('credits.state_loading')} />;
  if (state === 'pending') return <Waiting text={gaveUp ? t('credits.state_pending_long') : t('credits.state_pending')} />;
  if (state === 'completed') {
    return (
      <div className="alert alert-success" role="status" data-testid="payment-state">
        <h2 className="h5 alert-heading">{t('credits.state_completed')}</h2>
        <p className="mb-1">{t('credits.credits_added', { number: order.credits })}</p>
        <p className="mb-2">{t('credits.order_number', { id: order.id })}</p>
        <div className="d-flex flex-wrap gap-2">
          {back && (
            <Link className="btn btn-primary btn-sm" to={back} onClick={forgetPurchaseOrigin}>
              {t('credits.back_to_conversation')}
            </Link>
          )}
          <Link className={`btn btn-sm ${back ? 'btn-outline-dark' : 'btn-primary'}`} to="/members">
            {t('credits.to_members')}
          </Link>
          <Link className="btn btn-outline-dark btn-sm" to={`/transactions/${order.id}`}>
            {t('credits.to_transactions')}
          </Link>
        </div>
      </div>
    );
  }
  if (state === 'unfinished') {
    return (
      <div className="alert alert-warning" role="status" data-testid="payment-state">
        {t('credits.state_unfinished')}
      </div>
    );
  }

  // A declined card gets its own text and two ways out: the same card again, or PayPal (spec §4).
  const cardDeclined = order.status === 'failed' && CARD_METHODS.includes(order.payment_method);
  if (!cardDeclined) {
    return (
      <div className="alert alert-danger" role="alert" data-testid="payment-state">
        <p className="mb-1 fw-bold">{t('errors.payment_failed')}</p>
        <p className="mb-0">{t('credits.retry_other_method')}</p>
      </div>
    );
  }
  const price = formatMoney(order.price, i18n.language);
  return (
    <div className="alert alert-danger" role="alert" data-testid="payment-state">
      <p className="fw-bold">{t('errors.card_payment_failed')}</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => onPay(order.payment_method)}>
          {t('credits.retry_with', { method: nameOf(order.payment_method), price })}
        </button>
        {methods.includes('paypal') && order.payment_method !== 'paypal' && (
          <button type="button" className="btn btn-outline-dark btn-sm" disabled={busy} onClick={() => onPay('paypal')}>
            {t('credits.pay_with', { method: nameOf('paypal'), price })}
          </button>
        )}
      </div>
    </div>
  );
}

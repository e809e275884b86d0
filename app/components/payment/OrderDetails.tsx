import { useTranslation } from '../../lib/use-translation';
import type { Order } from '../../../contract/payments';
import { formatMoney } from '../../lib/format-money';
import { LocalDateTime } from '../ui/LocalDateTime';
import { orderStatusKey, orderTone } from './order-labels';
import { usePaymentMethodName } from './PaymentMethodLogo';
import { RefundAction } from './RefundAction';

/** One order in full: what was bought, what was paid and how, its state, discount and refund. */
export function OrderDetails({ order, refundDays, onRefunded }: { order: Order; refundDays: number; onRefunded: (order: Order) => void }) {
  const { t, i18n } = useTranslation();
  const methodName = usePaymentMethodName();
  const money = (amount: Order['price']) => formatMoney(amount, i18n.language);
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: t('transactions.date'), value: <LocalDateTime value={order.created_at} /> },
    { label: t('transactions.credits'), value: order.credits },
    { label: t('transactions.price'), value: money(order.price) },
    ...(order.discount_percentage > 0
      ? [
          { label: t('transactions.list_price'), value: money(order.list_price) },
          {
            label: t('transactions.discount'),
            value: t('transactions.discount_value', { percentage: order.discount_percentage, code: order.discount_code ?? '' }),
          },
        ]
      : []),
    { label: t('transactions.method'), value: methodName(order.payment_method) },
    { label: t('transactions.status_label'), value: <span className={`badge ${orderTone(order)}`}>{t(orderStatusKey(order))}</span> },
    ...(order.credited_at ? [{ label: t('transactions.credited_at'), value: <LocalDateTime value={order.credited_at} /> }] : []),
    ...(order.refund
      ? [{ label: t('transactions.refunded'), value: t('transactions.refund_value', { number: order.refund.credits, amount: money(order.refund.price) }) }]
      : []),
  ];
  return (
    <section className="card mb-4" aria-labelledby="order-heading" data-testid="order-details">
      <div className="card-body">
        <h2 className="h5 card-title" id="order-heading">
          {t('transactions.order_title', { number: order.id })}
        </h2>
        <dl className="row mb-0">
          {rows.map((row) => (
            <div className="col-12 d-flex flex-wrap border-bottom py-1" key={row.label}>
              <dt className="me-2 fw-normal text-body-secondary" style={{ minWidth: '10rem' }}>
                {row.label}
              </dt>
              <dd className="mb-0">{row.value}</dd>
            </div>
          ))}
        </dl>
        {order.refundable_credits > 0 && (
          <div className="mt-3">
            <p className="small mb-2">
              {t('transactions.refund_window', { days: refundDays })} {t('transactions.refund_rule')}
            </p>
            <RefundAction order={order} onRefunded={onRefunded} />
          </div>
        )}
      </div>
    </section>
  );
}

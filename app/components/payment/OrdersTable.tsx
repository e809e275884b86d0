import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import type { Order } from '../../../contract/payments';
import { formatMoney } from '../../lib/format-money';
import { LocalDateTime } from '../ui/LocalDateTime';
import { orderStatusKey, orderTone } from './order-labels';
import { usePaymentMethodName } from './PaymentMethodLogo';
import { RefundAction } from './RefundAction';
import { TableScroll } from '../ui/TableScroll';

/** The member's orders, newest first: date, number, credits, price, method, state, discount, and a refund where one is possible. */
export function OrdersTable({ orders, onRefunded }: { orders: Order[]; onRefunded: (order: Order) => void }) {
  const { t, i18n } = useTranslation();
  const methodName = usePaymentMethodName();
  if (orders.length === 0) {
    return (
      <p className="text-body-secondary">
        {t('transactions.no_orders')} <Link to="/credits">{t('transactions.buy_credits')}</Link>
      </p>
    );
  }
  return (
    <TableScroll label={t('transactions.orders_title')}>
      <table className="table align-middle table-stack" data-testid="orders">
        <thead>
          <tr>
            <th scope="col">{t('transactions.date')}</th>
            <th scope="col">{t('transactions.order_number')}</th>
            <th scope="col" className="text-end">
              {t('transactions.credits')}
            </th>
            <th scope="col" className="text-end">
              {t('transactions.price')}
            </th>
            <th scope="col">{t('transactions.method')}</th>
            <th scope="col">{t('transactions.status_label')}</th>
            <th scope="col">{t('transactions.discount')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('transactions.refund_column')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-testid="order-row">
              <td className="text-nowrap" data-label={t('transactions.date')}>
                <LocalDateTime value={order.created_at} />
              </td>
              <td data-label={t('transactions.order_number')}>
                <Link to={`/transactions/${order.id}`} aria-label={t('transactions.order_link', { number: order.id })}>
                  {order.id}
                </Link>
              </td>
              <td className="text-end" data-label={t('transactions.credits')}>
                {order.credits}
              </td>
              <td className="text-end text-nowrap" data-label={t('transactions.price')}>
                {formatMoney(order.price, i18n.language)}
              </td>
              <td data-label={t('transactions.method')}>{methodName(order.payment_method)}</td>
              <td data-label={t('transactions.status_label')}>
                <span className={`badge ${orderTone(order)}`}>{t(orderStatusKey(order))}</span>
              </td>
              <td className="small" data-label={t('transactions.discount')}>
                {order.discount_percentage > 0
                  ? t('transactions.discount_value', { percentage: order.discount_percentage, code: order.discount_code ?? '' })
                  : '—'}
              </td>
              <td>{order.refundable_credits > 0 && <RefundAction order={order} onRefunded={onRefunded} size="sm" />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

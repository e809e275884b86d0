import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, redirect, useLoaderData, useRevalidator } from 'react-router';
import { Link } from '../../components/ui/links';
import type { Order } from '../../../contract/payments';
import { CreditBalance } from '../../components/payment/CreditBalance';
import { LedgerTable } from '../../components/payment/LedgerTable';
import { OrderDetails } from '../../components/payment/OrderDetails';
import { OrdersTable } from '../../components/payment/OrdersTable';
import { formatMoney } from '../../lib/format-money';
import type { Route } from './+types/transactions';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/login');
  const orderId = params.id === undefined ? undefined : Number(params.id);
  if (orderId !== undefined && !(Number.isInteger(orderId) && orderId > 0)) throw data('This page could not be found', { status: 404 });
  const result = await context.listTransactions(orderId);
  if (!result.ok && result.code === 'not_found') throw data('This page could not be found', { status: 404 });
  if (!result.ok) throw data(result.message, { status: 403 });
  return { transactions: result.data, orderId: orderId ?? null };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/transactions/{id?}` — the member's orders and credit history, or one order (spec §2 transactions). */
export default function Transactions() {
  const { t, i18n } = useTranslation();
  const { transactions, orderId } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [refunded, setRefunded] = useState<Order | null>(null);
  const order = orderId ? transactions.orders[0] : null;

  const onRefunded = (result: Order) => {
    setRefunded(result);
    // Fresh orders, ledger and balance (the navigation shows it too).
    void revalidator.revalidate();
  };

  return (
    <div className="container py-4" style={{ maxWidth: 1000 }}>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 className="h3 mb-0">{t('transactions.title')}</h1>
        <CreditBalance />
      </div>
      {refunded?.refund && (
        <div className="alert alert-success" role="status" data-testid="refund-result">
          {t('transactions.refund_done', {
            number: refunded.refund.credits,
            order: refunded.id,
            amount: formatMoney(refunded.refund.price, i18n.language),
          })}
        </div>
      )}
      {order ? (
        <>
          <p>
            <Link to="/transactions">{t('transactions.all')}</Link>
          </p>
          <OrderDetails order={order} refundDays={transactions.refund_days} onRefunded={onRefunded} />
        </>
      ) : (
        <section className="mb-4" aria-labelledby="orders-heading">
          <h2 className="h5" id="orders-heading">
            {t('transactions.orders_title')}
          </h2>
          <p className="small text-body-secondary">
            {t('transactions.refund_window', { days: transactions.refund_days })} {t('transactions.refund_rule')}
          </p>
          <OrdersTable orders={transactions.orders} onRefunded={onRefunded} />
        </section>
      )}
      <section aria-labelledby="ledger-heading">
        <h2 className="h5" id="ledger-heading">
          {order ? t('transactions.ledger_for_order') : t('transactions.ledger_title')}
        </h2>
        <LedgerTable entries={transactions.ledger} />
      </section>
    </div>
  );
}

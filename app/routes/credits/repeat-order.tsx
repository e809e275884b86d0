import { useTranslation } from '../../lib/use-translation';
import { redirect, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { OPEN_DEBT_NOTICE_ID, OpenDebtNotice } from '../../components/payment/OpenDebtNotice';
import { PayButton } from '../../components/payment/PayButton';
import { PaymentMethodLogo } from '../../components/payment/PaymentMethodLogo';
import { PaymentsUnavailable } from '../../components/payment/PaymentsUnavailable';
import { priceFor } from '../../components/payment/price-for';
import { usePlaceOrder } from '../../components/payment/use-place-order';
import type { Route } from './+types/repeat-order';

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/login');
  const offer = (await context.listBundles())!;
  const last = offer.last_order;
  const bundle = last ? offer.bundles.find((candidate) => candidate.id === last.bundle_id) : undefined;
  return {
    openDebts: offer.open_debts,
    canTakePayments: offer.payment_methods.length > 0,
    repeat: last && bundle ? { method: last.payment_method, bundle, price: priceFor(offer, bundle, last.payment_method, null).price } : null,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/**
 * `/credits/repeat-order` — the last paid order again, same bundle and method. The member sees
 * the exact amount and confirms with one button before going to the provider.
 */
export default function RepeatOrder() {
  const { t } = useTranslation();
  const { repeat, canTakePayments, openDebts } = useLoaderData<typeof loader>();
  const blockedBy = openDebts.length ? OPEN_DEBT_NOTICE_ID : undefined;
  const placer = usePlaceOrder();
  return (
    <div className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-3">{t('credits.repeat_title')}</h1>
      {!canTakePayments ? (
        <PaymentsUnavailable />
      ) : repeat ? (
        <>
          <div className="card mb-3">
            <div className="card-body">
              <p className="h5">{t('credits.bundle_credits', { number: repeat.bundle.credits })}</p>
              <PaymentMethodLogo method={repeat.method} />
            </div>
          </div>
          <OpenDebtNotice debts={openDebts} />
          {placer.error && (
            <p className="alert alert-danger" role="alert">
              {placer.error.message}
            </p>
          )}
          <PayButton price={repeat.price} method={repeat.method} busy={placer.busy} blockedBy={blockedBy} onPay={() => void placer.place('repeat')} />
          <p className="mt-3">
            <Link to="/credits">{t('credits.choose_other_bundle')}</Link>
          </p>
        </>
      ) : (
        <div className="alert alert-info" data-testid="no-previous-order">
          <p>{t('errors.no_previous_order')}</p>
          <Link to="/credits">{t('credits.to_bundles')}</Link>
        </div>
      )}
    </div>
  );
}

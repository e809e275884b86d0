import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, redirect, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { isPaymentMethod, type PaymentMethod } from '../../../contract/payment-methods';
import type { DiscountCode } from '../../../contract/payments';
import { BundlePrice } from '../../components/payment/BundlePrice';
import { CreditBalance } from '../../components/payment/CreditBalance';
import { DiscountCodeField } from '../../components/payment/DiscountCodeField';
import { PayButton } from '../../components/payment/PayButton';
import { OPEN_DEBT_NOTICE_ID, OpenDebtNotice } from '../../components/payment/OpenDebtNotice';
import { PaymentMethodPicker } from '../../components/payment/PaymentMethodPicker';
import { PaymentResult } from '../../components/payment/PaymentResult';
import { PaymentsUnavailable } from '../../components/payment/PaymentsUnavailable';
import { PaymentToast } from '../../components/payment/PaymentToast';
import { useOrderStatus } from '../../components/payment/use-order-status';
import { usePlaceOrder } from '../../components/payment/use-place-order';
import { useRefreshAfterPayment } from '../../components/payment/use-refresh-after-payment';
import { priceFor } from '../../components/payment/price-for';
import type { Route } from './+types/checkout';

const notFound = () => data('This page could not be found', { status: 404 });

export async function loader({ params, url, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/login');
  const offer = (await context.listBundles())!;
  const bundle = offer.bundles.find((candidate) => String(candidate.id) === params.id);
  if (!bundle) throw notFound();
  const method = params.paymentmethod ?? null;
  if (method !== null && !isPaymentMethod(method)) throw notFound();
  const orderId = Number(url.searchParams.get('order'));
  const order = Number.isSafeInteger(orderId) && orderId > 0 ? await context.orderStatus(orderId) : null;
  // A method this country does not offer (the member moved) falls back to choosing again; a
  // return from the provider keeps it, to show how that payment ended.
  if (method && !order && !offer.payment_methods.includes(method)) throw redirect(`/credits/${bundle.id}`);
  return { offer, bundle, method: method as PaymentMethod | null, order };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/credits/{id}/{paymentmethod?}` — pay for a bundle, and the payment's outcome on return (spec §2, §4). */
export default function Checkout() {
  const { t } = useTranslation();
  const { offer, bundle, method, order } = useLoaderData<typeof loader>();
  const payment = useOrderStatus(order?.ok ? order.data : null);
  useRefreshAfterPayment(payment?.status ?? null);
  const placer = usePlaceOrder();
  const [code, setCode] = useState<DiscountCode | null>(null);

  const { price, discount } = priceFor(offer, bundle, method, code);
  // Back from the provider, the summary is the order's own: what it charged, with the discount
  // it got. Today's price may differ (a welcome discount ends with the first purchase).
  const returned = payment?.status.order ?? null;
  const listPrice = returned?.list_price ?? bundle.price;
  const charged = returned?.price ?? price;
  const appliedCode = returned
    ? returned.discount_code && { code: returned.discount_code, percentage: returned.discount_percentage }
    : discount && { code: discount.code, percentage: discount.value_percentage };

  const pay = (chosen: PaymentMethod, discountCode = code?.code) => void placer.place({ bundleId: bundle.id, method: chosen, discountCode });
  const state = payment?.state ?? null;
  const canTakePayments = offer.payment_methods.length > 0;
  const canPay = canTakePayments && (state === null || state === 'failed' || state === 'unfinished');
  const blockedBy = offer.open_debts.length ? OPEN_DEBT_NOTICE_ID : undefined;

  return (
    <div className="container py-4" style={{ maxWidth: 720 }}>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 className="h3 mb-0">{t('credits.checkout_title')}</h1>
        <CreditBalance />
      </div>

      <section className="card mb-3" aria-labelledby="order-summary">
        <div className="card-body d-flex flex-wrap justify-content-between align-items-center gap-2">
          <div>
            <h2 className="h5 mb-1" id="order-summary">
              {t('credits.bundle_credits', { number: bundle.credits })}
            </h2>
            <p className="mb-0 fs-5">
              <BundlePrice price={listPrice} discounted={charged.amount < listPrice.amount ? charged : null} />
            </p>
            {appliedCode && charged.amount < listPrice.amount && <p className="small mb-0 mt-1">{t('credits.code_applied', appliedCode)}</p>}
          </div>
          <Link to="/credits">{t('credits.change_bundle')}</Link>
        </div>
      </section>

      {order && !order.ok && (
        <p className="alert alert-danger" role="alert">
          {order.message}
        </p>
      )}
      {canPay && <OpenDebtNotice debts={offer.open_debts} />}
      {payment && (
        <PaymentResult
          status={payment.status}
          state={payment.state}
          gaveUp={payment.gaveUp}
          methods={offer.payment_methods}
          busy={placer.busy || !!blockedBy}
          onPay={(chosen) => pay(chosen, payment.status.order.discount_code ?? undefined)}
        />
      )}
      {!canTakePayments && <PaymentsUnavailable />}
      {payment?.state === 'completed' && <PaymentToast orderId={payment.status.order.id} credits={payment.status.order.credits} />}

      {canPay && (
        <>
          {/* After a failed or unfinished payment the method it used stays chosen: paying again is one click. */}
          <PaymentMethodPicker bundleId={bundle.id} methods={offer.payment_methods} selected={method} />
          <DiscountCodeField bundleId={bundle.id} method={method} applied={code} onApplied={setCode} />
          {placer.error && (
            <p className="alert alert-danger" role="alert">
              {placer.error.message}
            </p>
          )}
          <PayButton price={price} method={method} busy={placer.busy} blockedBy={blockedBy} onPay={() => method && pay(method)} />
        </>
      )}
      {state === 'completed' && (
        <p className="mt-3">
          <Link to="/credits">{t('credits.buy_more')}</Link>
        </p>
      )}
    </div>
  );
}

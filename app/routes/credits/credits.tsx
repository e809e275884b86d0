import { useTranslation } from '../../lib/use-translation';
import { useEffect } from 'react';
import { redirect, useLoaderData, useLocation } from 'react-router';
import { rememberPurchaseOrigin } from '../../lib/purchase-origin';
import { BundleCard } from '../../components/payment/BundleCard';
import { CreditBalance } from '../../components/payment/CreditBalance';
import { DiscountNotice } from '../../components/payment/DiscountNotice';
import { OPEN_DEBT_NOTICE_ID, OpenDebtNotice } from '../../components/payment/OpenDebtNotice';
import { PaymentMethodLogo } from '../../components/payment/PaymentMethodLogo';
import { PaymentsUnavailable } from '../../components/payment/PaymentsUnavailable';
import type { Route } from './+types/credits';

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/login');
  return { offer: (await context.listBundles())! };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/credits` — the bundles for the member's site and payment country (spec §2). */
export default function Credits() {
  const { t } = useTranslation();
  const { offer } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  // A purchase from a chat brings the conversation along; one from anywhere else forgets an older one.
  useEffect(() => rememberPurchaseOrigin(search), [search]);
  const blockedBy = offer.open_debts.length ? OPEN_DEBT_NOTICE_ID : undefined;
  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 className="h3 mb-0">{t('credits.title')}</h1>
        <CreditBalance />
      </div>
      <p className="text-body-secondary">{t('credits.intro')}</p>
      <OpenDebtNotice debts={offer.open_debts} />
      {offer.discount && !blockedBy && <DiscountNotice discount={offer.discount} />}
      {offer.payment_methods.length === 0 ? (
        <PaymentsUnavailable />
      ) : offer.bundles.length === 0 ? (
        <p className="alert alert-info">{t('credits.no_bundles')}</p>
      ) : (
        <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled mb-4">
          {offer.bundles.map((bundle) => (
            <li className="col" key={bundle.id}>
              <BundleCard bundle={bundle} blockedBy={blockedBy} />
            </li>
          ))}
        </ul>
      )}
      {offer.payment_methods.length > 0 && (
        <section aria-labelledby="payment-methods-heading">
          <h2 className="h6" id="payment-methods-heading">
            {t('credits.methods_offered')}
          </h2>
          <ul className="list-inline mb-0">
            {offer.payment_methods.map((method) => (
              <li className="list-inline-item me-3 mb-2 small" key={method}>
                <PaymentMethodLogo method={method} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

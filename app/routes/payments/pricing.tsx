import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { ActionPrices } from '../../components/payment/ActionPrices';
import { BundlePriceTable } from '../../components/payment/BundlePriceTable';
import { PaymentMethodLogo } from '../../components/payment/PaymentMethodLogo';
import { useRootData } from '../../root';
import type { Route } from './+types/pricing';

export async function loader({ context }: Route.LoaderArgs) {
  // Members see their own payment country and discount; visitors the prices of their country.
  const member = context.user ? await context.listBundles() : null;
  const prices = member ?? (await context.publicBundles());
  return { prices: { ...prices, discount: member?.discount ?? null } };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/pricing` — what each action costs in credits, what credits cost, and the refund window (spec §2). */
export default function Pricing() {
  const { t } = useTranslation();
  const { settings, user } = useRootData();
  const { prices } = useLoaderData<typeof loader>();
  const cheapestPerCredit = prices.bundles.reduce<(typeof prices.bundles)[number] | null>(
    (best, bundle) => (!best || bundle.price.amount / bundle.credits < best.price.amount / best.credits ? bundle : best),
    null,
  );
  return (
    <div className="container py-4" style={{ maxWidth: 860 }}>
      <h1 className="h3 mb-3">{t('pricing.title')}</h1>
      <p className="lead">{t('pricing.intro', { site_name: settings.name })}</p>

      <ActionPrices settings={settings} country={prices.payment_country} cheapest={cheapestPerCredit} />

      <section className="mb-4" aria-labelledby="pricing-bundles">
        <h2 className="h5" id="pricing-bundles">
          {t('pricing.bundles_title')}
        </h2>
        <BundlePriceTable bundles={prices.bundles} />
        <p className="small text-body-secondary">{t('pricing.no_subscription')}</p>
      </section>

      {prices.payment_methods.length > 0 && (
        <section className="mb-4" aria-labelledby="pricing-methods">
          <h2 className="h5" id="pricing-methods">
            {t('pricing.methods_title')}
          </h2>
          <ul className="list-inline mb-0">
            {prices.payment_methods.map((method) => (
              <li className="list-inline-item me-3 mb-2 small" key={method}>
                <PaymentMethodLogo method={method} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="mb-4" aria-labelledby="pricing-refunds">
        <h2 className="h5" id="pricing-refunds">
          {t('pricing.refunds_title')}
        </h2>
        <p className="mb-1">{t('pricing.refunds_text', { days: settings.refund_days })}</p>
        <p className="mb-0">
          {user && (
            <Link className="me-3" to="/transactions">
              {t('transactions.title')}
            </Link>
          )}
          <Link to="/pages/return-policy">{t('footer.links.return_policy')}</Link>
        </p>
      </section>

      {user ? (
        <Link className="btn btn-primary" to="/credits">
          {t('pricing.buy_credits')}
        </Link>
      ) : (
        <Link className="btn btn-primary" to="/signup">
          {t('pricing.sign_up')}
        </Link>
      )}
    </div>
  );
}

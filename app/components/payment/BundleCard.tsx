import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import type { Bundle } from '../../../contract/payments';
import { formatPerCredit } from '../../lib/format-money';
import { BundlePrice } from './BundlePrice';

/**
 * One credit bundle on `/credits`: credits, price (and discount), price per credit, and the way
 * to choose it — a disabled button pointing at the reason (`blockedBy`) while buying is refused.
 */
export function BundleCard({ bundle, blockedBy }: { bundle: Bundle; blockedBy?: string }) {
  const { t, i18n } = useTranslation();
  const paid = bundle.discounted_price ?? bundle.price;
  const headingId = `bundle-${bundle.id}`;
  return (
    <article
      className={`card h-100 text-center ${bundle.highlighted ? 'border-primary border-2 shadow-sm' : ''}`}
      aria-labelledby={headingId}
      data-testid="bundle"
    >
      {bundle.highlighted && <div className="card-header text-bg-primary fw-bold">{t('credits.most_popular')}</div>}
      <div className="card-body d-flex flex-column gap-2">
        <h2 className="h4 card-title mb-0" id={headingId}>
          {t('credits.bundle_credits', { number: bundle.credits })}
        </h2>
        <p className="fs-5 mb-0">
          <BundlePrice price={bundle.price} discounted={bundle.discounted_price} />
        </p>
        <p className="small text-body-secondary mb-2">{t('credits.per_credit', { price: formatPerCredit(paid, bundle.credits, i18n.language) })}</p>
        {blockedBy ? (
          <button type="button" className="btn mt-auto btn-outline-secondary" disabled aria-describedby={blockedBy}>
            {t('credits.choose_bundle', { number: bundle.credits })}
          </button>
        ) : (
          <Link className={`btn mt-auto ${bundle.highlighted ? 'btn-primary' : 'btn-outline-primary'}`} to={`/credits/${bundle.id}`}>
            {t('credits.choose_bundle', { number: bundle.credits })}
          </Link>
        )}
      </div>
    </article>
  );
}

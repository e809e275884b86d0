import { useTranslation } from '../../lib/use-translation';
import type { Bundle } from '../../../contract/payments';
import { formatPerCredit } from '../../lib/format-money';
import { BundlePrice } from './BundlePrice';
import { TableScroll } from '../ui/TableScroll';

/** The bundles as a compact price list: credits, price (with a discount when one applies), price per credit. */
export function BundlePriceTable({ bundles }: { bundles: Bundle[] }) {
  const { t, i18n } = useTranslation();
  if (bundles.length === 0) return <p className="alert alert-info">{t('credits.no_bundles')}</p>;
  return (
    <TableScroll label={t('pricing.bundles_title')}>
      <table className="table align-middle table-stack" data-testid="bundle-prices">
        <thead>
          <tr>
            <th scope="col">{t('pricing.bundle')}</th>
            <th scope="col" className="text-end">
              {t('pricing.price')}
            </th>
            <th scope="col" className="text-end">
              {t('pricing.per_credit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bundles.map((bundle) => (
            <tr key={bundle.id}>
              <th scope="row">
                {t('pricing.credits_amount', { number: bundle.credits })}
                {bundle.highlighted && <span className="badge text-bg-primary ms-2">{t('credits.most_popular')}</span>}
              </th>
              <td className="text-end" data-label={t('pricing.price')}>
                <BundlePrice price={bundle.price} discounted={bundle.discounted_price} />
              </td>
              <td className="text-end" data-label={t('pricing.per_credit')}>
                {formatPerCredit(bundle.discounted_price ?? bundle.price, bundle.credits, i18n.language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

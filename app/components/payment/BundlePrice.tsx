import { useTranslation } from '../../lib/use-translation';
import type { Money } from '../../../contract/payments';
import { formatMoney } from '../../lib/format-money';

/** A price; with a discount, the list price struck through before the price the member pays. */
export function BundlePrice({ price, discounted }: { price: Money; discounted: Money | null }) {
  const { t, i18n } = useTranslation();
  if (!discounted || discounted.amount >= price.amount) return <span className="fw-bold">{formatMoney(price, i18n.language)}</span>;
  return (
    <span>
      <del className="text-body-secondary me-2">
        <span className="visually-hidden">{t('credits.list_price')} </span>
        {formatMoney(price, i18n.language)}
      </del>
      <ins className="fw-bold text-decoration-none">
        <span className="visually-hidden">{t('credits.your_price')} </span>
        {formatMoney(discounted, i18n.language)}
      </ins>
    </span>
  );
}

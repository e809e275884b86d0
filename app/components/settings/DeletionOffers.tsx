import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import type { DeletionOfferResponse } from '../../../contract/pricing';
import { api } from '../../lib/api-client';
import { formatMoney } from '../../lib/format-money';
import { useRootData } from '../../root';

/**
 * Two of the deletion flow's alternatives (spec §2): a trial package (the cheapest bundle) and,
 * where the site gives one, a personal discount code of its `delete_discount` percentage. Loaded
 * only when the member opens the alternatives; if loading fails, these two are simply left out.
 */
export function DeletionOffers() {
  const { t, i18n } = useTranslation();
  const { settings } = useRootData();
  const [offer, setOffer] = useState<DeletionOfferResponse | null>(null);

  useEffect(() => {
    let cancelled = false;
    api<DeletionOfferResponse>('deletion-offer.php')
      .then((answer) => !cancelled && setOffer(answer))
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, []);

  if (!offer) return null;
  const trial = offer.trial_bundle;
  const discount = settings.delete_discount > 0 ? offer.discount : null;
  return (
    <>
      {trial && (
        <li>
          <Link className="btn btn-outline-secondary w-100 text-start" to={`/credits/${trial.id}`} data-testid="deletion-trial">
            {t('deletion.alternative_trial', { number: trial.credits, price: formatMoney(trial.discounted_price ?? trial.price, i18n.language) })}
          </Link>
        </li>
      )}
      {discount && (
        <li className="border rounded p-3" data-testid="deletion-discount">
          <p className="fw-bold mb-1">{t('deletion.alternative_discount', { percentage: discount.value_percentage })}</p>
          <p className="mb-2">
            {t('deletion.discount_code')} <code className="fs-6 text-body user-select-all">{discount.code}</code>
          </p>
          <p className="small text-body-secondary mb-2">{t('deletion.discount_how')}</p>
          <Link className="btn btn-primary btn-sm" to="/credits">
            {t('deletion.discount_cta', { percentage: discount.value_percentage })}
          </Link>
        </li>
      )}
    </>
  );
}

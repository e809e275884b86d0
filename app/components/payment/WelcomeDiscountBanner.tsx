import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation } from 'react-router';
import { Link } from '../ui/links';
import type { DiscountCode, DiscountCodeResponse } from '../../../contract/payments';
import { api } from '../../lib/api-client';
import { useRootData } from '../../root';
import { useTimeBonus } from '../../state/time-bonus';
import { formatCountdown, useCountdown } from './use-countdown';

/**
 * Spec §1/§2: new free members get a time-limited welcome discount; this banner counts it down
 * and leads to `/credits`. A failure to load it is ignored silently (spec §8).
 */
export function WelcomeDiscountBanner() {
  const { t } = useTranslation();
  const { user } = useRootData();
  const { pathname } = useLocation();
  const [discount, setDiscount] = useState<DiscountCode | null>(null);
  const eligible = !!user && !user.paid_user;

  useEffect(() => {
    if (!eligible) {
      setDiscount(null);
      return;
    }
    let cancelled = false;
    api<DiscountCodeResponse>('discountcode.php?welcome=true')
      .then((answer) => !cancelled && setDiscount(answer.discountcode))
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [eligible]);

  const left = useCountdown(discount?.expires ?? null);
  // While the time bonus runs it is the discount that applies (spec §4), with its own countdown;
  // on the credits pages the discount is already shown with the prices.
  const timeBonusRuns = useTimeBonus((state) => state.isVisible);
  if (!eligible || !discount || discount.expired || timeBonusRuns || pathname.startsWith('/credits')) return null;
  if (discount.expires && (left === null || left <= 0)) return null;
  return (
    <aside className="alert alert-warning rounded-0 border-0 border-bottom mb-0 py-2" aria-label={t('credits.welcome_label')} data-testid="welcome-discount">
      <div className="container d-flex flex-wrap align-items-center justify-content-center gap-2 text-center">
        <strong>{t('credits.welcome_banner', { percentage: discount.value_percentage })}</strong>
        {left !== null && (
          <span>
            {t('credits.time_left')} <span role="timer">{formatCountdown(left)}</span>
          </span>
        )}
        <Link className="btn btn-dark btn-sm" to="/credits">
          {t('credits.welcome_cta')}
        </Link>
      </div>
    </aside>
  );
}

import { useTranslation } from '../../lib/use-translation';
import type { DiscountCode } from '../../../contract/payments';
import { formatCountdown, useCountdown } from './use-countdown';

/** The discount that applies by itself (time bonus or welcome code), with its code and time left. */
export function DiscountNotice({ discount }: { discount: DiscountCode }) {
  const { t } = useTranslation();
  const left = useCountdown(discount.expires);
  const kind = discount.kind === 'welcome' || discount.kind === 'time_bonus' ? discount.kind : 'standard';
  return (
    <div className="alert alert-success" data-testid="active-discount">
      <p className="mb-1 fw-bold">{t(`credits.discount_${kind}`, { percentage: discount.value_percentage })}</p>
      <p className="mb-0 small">
        {t('credits.discount_code', { code: discount.code })}
        {left !== null && left > 0 && (
          <>
            {' · '}
            {t('credits.time_left')} <span role="timer">{formatCountdown(left)}</span>
          </>
        )}
      </p>
    </div>
  );
}

import { useTranslation } from '../../lib/use-translation';
import { useRootData } from '../../root';

/** Shown instead of anything to pay with when the site cannot take payments right now. */
export function PaymentsUnavailable() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return (
    <div className="alert alert-warning" role="status" data-testid="payments-unavailable">
      <p className="mb-0">{t('errors.payments_unavailable')}</p>
      {settings.support_email && <p className="mb-0 mt-2 small">{t('credits.unavailable_contact', { email: settings.support_email })}</p>}
    </div>
  );
}

import { useTranslation } from '../../lib/use-translation';
import type { PaymentMethod } from '../../../contract/payment-methods';
import type { Money } from '../../../contract/payments';
import { formatMoney } from '../../lib/format-money';
import { usePaymentMethodName } from './PaymentMethodLogo';

/**
 * The Pay button, always with the exact amount; without a method it says what is missing, and
 * while buying is refused (`blockedBy`: the id of the notice that says why) it is disabled.
 */
export function PayButton({
  price,
  method,
  busy,
  onPay,
  blockedBy,
}: {
  price: Money;
  method: PaymentMethod | null;
  busy: boolean;
  onPay(): void;
  blockedBy?: string;
}) {
  const { t, i18n } = useTranslation();
  const nameOf = usePaymentMethodName();
  const amount = formatMoney(price, i18n.language);
  return (
    <div className="d-grid gap-2">
      <button
        type="button"
        className="btn btn-primary btn-lg"
        disabled={!method || busy || !!blockedBy}
        onClick={onPay}
        data-testid="pay-button"
        aria-describedby={blockedBy ?? (method ? undefined : 'pay-hint')}
      >
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {method ? t('credits.pay_with', { price: amount, method: nameOf(method) }) : t('credits.pay', { price: amount })}
      </button>
      {!method && !blockedBy && (
        <p className="small text-body-secondary mb-0" id="pay-hint">
          {t('credits.choose_method_first')}
        </p>
      )}
    </div>
  );
}

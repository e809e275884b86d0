import { useTranslation } from '../../lib/use-translation';
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from '../../../contract/payment-methods';

/** A payment method's logo file (`public/payment-methods/<id>.svg`), one per method id. */
export const paymentMethodLogo = (method: PaymentMethod) => `/payment-methods/${method}.svg`;

/** Brand names read the same in every language; these two are plain words and are translated. */
const TRANSLATED = { banktransfer: 'credits.method_banktransfer', creditcard: 'credits.method_creditcard' } as const;

export function usePaymentMethodName() {
  const { t } = useTranslation();
  return (method: PaymentMethod) => (method in TRANSLATED ? t(TRANSLATED[method as keyof typeof TRANSLATED]) : PAYMENT_METHOD_NAMES[method]);
}

/**
 * A payment method as members recognise it: its logo and its name. The logo is decorative —
 * the name beside it is what screen readers read.
 */
export function PaymentMethodLogo({ method }: { method: PaymentMethod }) {
  const nameOf = usePaymentMethodName();
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <img src={paymentMethodLogo(method)} alt="" width={48} height={24} loading="lazy" />
      <span>{nameOf(method)}</span>
    </span>
  );
}

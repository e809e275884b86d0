import type { PaymentMethod } from '../../../contract/payment-methods';
import type { Bundle, BundlesResponse, DiscountCode, Money } from '../../../contract/payments';
import { discountedAmount } from '../../lib/format-money';

/**
 * What the server will charge for a bundle: a code the member typed, else the discount that
 * applies by itself (when it holds for this method), else the list price — and the code that
 * made the difference, if any.
 */
export function priceFor(
  offer: Pick<BundlesResponse, 'discount'>,
  bundle: Bundle,
  method: PaymentMethod | null,
  typed: DiscountCode | null,
): { price: Money; discount: DiscountCode | null } {
  if (typed) return { price: { amount: discountedAmount(bundle.price.amount, typed.value_percentage), currency: bundle.price.currency }, discount: typed };
  const active = offer.discount;
  const fitsMethod = !!active && (!method || !active.paymentmethods.length || active.paymentmethods.includes(method));
  return fitsMethod && bundle.discounted_price ? { price: bundle.discounted_price, discount: active } : { price: bundle.price, discount: null };
}

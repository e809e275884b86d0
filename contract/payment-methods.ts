/**
 * The payment methods the spec names (§3), by the id used in URLs (`/credits/{id}/{method}`),
 * and which of them each payment country is offered. Card brands are listed separately
 * because members look for their own card's logo.
 */
export const PAYMENT_METHODS = [
  'directdebit',
  'przelewy24',
  'blik',
  'banktransfer',
  'giropay',
  'mastercard',
  'visa',
  'creditcard',
  'dankort',
  'mobilepay',
  'swish',
  'twint',
  'satispay',
  'vipps',
  'cartebancaire',
  'nexi',
  'ideal',
  'bancontact',
  'applepay',
  'paysafecard',
  'maestro',
  'paypal',
  'sofort',
  'eps',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Display names are brand names and stay the same in every language, except these two. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  directdebit: 'SEPA',
  przelewy24: 'Przelewy24',
  blik: 'Blik',
  banktransfer: 'Bank transfer',
  giropay: 'Giropay',
  mastercard: 'Mastercard',
  visa: 'Visa',
  creditcard: 'Credit card',
  dankort: 'Dankort',
  mobilepay: 'MobilePay',
  swish: 'Swish',
  twint: 'Twint',
  satispay: 'Satispay',
  vipps: 'Vipps',
  cartebancaire: 'Carte Bancaire',
  nexi: 'Nexi',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  applepay: 'Apple Pay',
  paysafecard: 'Paysafecard',
  maestro: 'Maestro',
  paypal: 'PayPal',
  sofort: 'Sofort',
  eps: 'EPS',
};

/** Methods that charge a card; a declined stored card gets its own text and a PayPal retry. */
export const CARD_METHODS: readonly PaymentMethod[] = ['creditcard', 'visa', 'mastercard', 'maestro', 'dankort', 'cartebancaire', 'nexi'];

const CARDS: PaymentMethod[] = ['visa', 'mastercard', 'creditcard'];
const EVERYWHERE: PaymentMethod[] = ['paypal', 'applepay', 'paysafecard'];

/** What each payment country is offered, most used first (local methods lead). */
const BY_COUNTRY: Record<string, PaymentMethod[]> = {
  NL: ['ideal', 'directdebit', ...CARDS, 'maestro', ...EVERYWHERE, 'banktransfer'],
  BE: ['bancontact', 'directdebit', ...CARDS, 'maestro', ...EVERYWHERE, 'banktransfer'],
  DE: ['directdebit', 'sofort', 'giropay', ...CARDS, 'maestro', ...EVERYWHERE, 'banktransfer'],
  AT: ['eps', 'sofort', 'directdebit', ...CARDS, 'maestro', ...EVERYWHERE, 'banktransfer'],
  CH: ['twint', ...CARDS, 'paypal', 'applepay', 'paysafecard', 'banktransfer'],
  FR: ['cartebancaire', ...CARDS, 'directdebit', ...EVERYWHERE, 'banktransfer'],
  IT: ['satispay', 'nexi', ...CARDS, 'directdebit', ...EVERYWHERE, 'banktransfer'],
  ES: [...CARDS, 'directdebit', ...EVERYWHERE, 'banktransfer'],
  PL: ['blik', 'przelewy24', ...CARDS, ...EVERYWHERE, 'banktransfer'],
  DK: ['dankort', 'mobilepay', ...CARDS, ...EVERYWHERE],
  FI: ['mobilepay', ...CARDS, 'directdebit', ...EVERYWHERE],
  SE: ['swish', ...CARDS, ...EVERYWHERE],
  NO: ['vipps', ...CARDS, ...EVERYWHERE],
  IE: [...CARDS, 'directdebit', ...EVERYWHERE],
};
const ELSEWHERE: PaymentMethod[] = [...CARDS, 'paypal', 'applepay'];

/** The methods for a payment country, limited to what the site offers (empty: everything). */
export function paymentMethodsFor(country: string, siteMethods: readonly string[] = []): PaymentMethod[] {
  const methods = BY_COUNTRY[country.toUpperCase()] ?? ELSEWHERE;
  return siteMethods.length ? methods.filter((method) => siteMethods.includes(method)) : methods;
}

export const isPaymentMethod = (value: string): value is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(value);

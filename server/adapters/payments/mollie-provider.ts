import { createMollieClient, Locale, PaymentMethod as MollieMethod, type MollieClient } from '@mollie/api-client';
import type { Language } from '../../../contract/locales';
import type { PaymentMethod } from '../../../contract/payment-methods';
import {
  PaymentProviderError,
  type CreatedPayment,
  type CreatePaymentRequest,
  type IncomingWebhook,
  type PaymentProvider,
  type ProviderChargeback,
  type ProviderStatus,
} from './payment-provider.port';

export interface MollieProviderOptions {
  /** `live_…` or `test_…`. */
  apiKey: string;
  /** Defaults to Mollie's own (`https://api.mollie.com:443/v2/`); tests point it at a recording. */
  apiEndpoint?: string;
}

/**
 * Our method ids → Mollie's. Card brands all go through Mollie's `creditcard`. `null` leaves the
 * choice to Mollie's own checkout: Giropay and Sofort are discontinued there (the client lists them
 * only as historic methods), and SEPA direct debit never reaches a provider — the site takes the
 * mandate on its own form.
 */
const MOLLIE_METHODS: Record<PaymentMethod, MollieMethod | null> = {
  ideal: MollieMethod.ideal,
  bancontact: MollieMethod.bancontact,
  eps: MollieMethod.eps,
  przelewy24: MollieMethod.przelewy24,
  blik: MollieMethod.blik,
  paypal: MollieMethod.paypal,
  applepay: MollieMethod.applepay,
  paysafecard: MollieMethod.paysafecard,
  banktransfer: MollieMethod.banktransfer,
  twint: MollieMethod.twint,
  satispay: MollieMethod.satispay,
  mobilepay: MollieMethod.mobilepay,
  vipps: MollieMethod.vipps,
  swish: MollieMethod.swish,
  creditcard: MollieMethod.creditcard,
  visa: MollieMethod.creditcard,
  mastercard: MollieMethod.creditcard,
  maestro: MollieMethod.creditcard,
  cartebancaire: MollieMethod.creditcard,
  dankort: MollieMethod.creditcard,
  nexi: MollieMethod.creditcard,
  giropay: null,
  sofort: null,
  directdebit: null,
};

const MOLLIE_LOCALES: Record<Language, Locale> = {
  da: Locale.da_DK,
  de: Locale.de_DE,
  en: Locale.en_US,
  es: Locale.es_ES,
  fi: Locale.fi_FI,
  fr: Locale.fr_FR,
  it: Locale.it_IT,
  nb: Locale.nb_NO,
  nl: Locale.nl_NL,
  pl: Locale.pl_PL,
  sv: Locale.sv_SE,
};

/**
 * ISO 4217 exponents that differ from 2. A table rather than Intl: ICU reports the *cash* digits
 * for some currencies (HUF, TWD → 0), while our minor units and Mollie's amounts follow ISO.
 */
const MINOR_DIGITS: Record<string, number> = { JPY: 0, ISK: 0, KRW: 0, CLP: 0, VND: 0, BHD: 3, JOD: 3, KWD: 3, OMR: 3, TND: 3 };

/** Mollie's amount string → minor units (`{ value: '19.95', currency: 'EUR' }` → 1995). */
export function fromMollieAmount(amount: { currency: string; value: string }): number {
  const digits = MINOR_DIGITS[amount.currency.toUpperCase()] ?? 2;
  const [units, fraction = ''] = amount.value.replace('-', '').split('.');
  return Number(units) * 10 ** digits + Number((fraction + '0'.repeat(digits)).slice(0, digits) || 0);
}

/** Minor units → Mollie's amount string with exactly the currency's decimals (`1995, 'EUR'` → `'19.95'`). */
export function toMollieAmount(minorUnits: number, currency: string): { currency: string; value: string } {
  const code = currency.toUpperCase();
  const digits = MINOR_DIGITS[code] ?? 2;
  const sign = minorUnits < 0 ? '-' : '';
  const units = String(Math.abs(Math.trunc(minorUnits))).padStart(digits + 1, '0');
  const value = digits === 0 ? units : `${units.slice(0, -digits)}.${units.slice(-digits)}`;
  return { currency: code, value: `${sign}${value}` };
}

const PROVIDER_STATUSES: readonly ProviderStatus[] = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'];
const MOLLIE_PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;

/**
 * Payments through Mollie's hosted checkout. Mollie's webhook is unsigned and names only the
 * payment (`id=tr_…`); what it says is never trusted, the status is always fetched back over the
 * authenticated API. Errors from the API propagate; the orders service reports them as
 * `payment_provider_unavailable`.
 */
export function createMollieProvider(options: MollieProviderOptions): PaymentProvider {
  const mollie: MollieClient = createMollieClient({ apiKey: options.apiKey, apiEndpoint: options.apiEndpoint });

  return {
    name: 'mollie',

    async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
      const method = MOLLIE_METHODS[request.method];
      const locale = Object.hasOwn(MOLLIE_LOCALES, request.locale) ? MOLLIE_LOCALES[request.locale as Language] : undefined;
      const payment = await mollie.payments.create({
        amount: toMollieAmount(request.amount, request.currency),
        description: request.description,
        redirectUrl: request.returnUrl,
        webhookUrl: request.webhookUrl,
        ...(locale ? { locale } : {}),
        ...(method ? { method } : {}),
        metadata: { order_id: request.orderId },
        // One order, one payment: a retried create returns the payment Mollie already made.
        idempotencyKey: `order-${request.orderId}`,
      });
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) throw new Error(`Mollie payment ${payment.id} has no checkout URL (status ${payment.status})`);
      return { id: payment.id, checkoutUrl };
    },

    async parseWebhook(webhook: IncomingWebhook): Promise<string> {
      const id = new URLSearchParams(webhook.rawBody).get('id');
      if (!id || !MOLLIE_PAYMENT_ID.test(id)) throw new PaymentProviderError('webhook_not_genuine', 'Mollie webhook without a payment id');
      return id;
    },

    async fetchStatus(paymentId: string): Promise<ProviderStatus> {
      const payment = await mollie.payments.get(paymentId);
      const status = payment.status as string;
      if (!PROVIDER_STATUSES.includes(status as ProviderStatus)) throw new Error(`Mollie payment ${paymentId} has an unknown status '${status}'`);
      return status as ProviderStatus;
    },

    /**
     * The payment's chargebacks, reversed ones with `reversedAt` (Mollie sets it when the
     * merchant won the dispute). Mollie reports a SEPA direct debit's return as a chargeback too;
     * the orders service tells them apart by the order's payment method.
     */
    async fetchChargebacks(paymentId: string): Promise<ProviderChargeback[]> {
      const found: ProviderChargeback[] = [];
      for await (const chargeback of mollie.paymentChargebacks.iterate({ paymentId })) {
        found.push({
          id: chargeback.id,
          kind: 'chargeback',
          amount: fromMollieAmount(chargeback.amount),
          currency: chargeback.amount.currency,
          reasonCode: chargeback.reason?.code ?? null,
          reasonText: chargeback.reason?.description ?? null,
          at: new Date(chargeback.createdAt),
          reversedAt: chargeback.reversedAt ? new Date(chargeback.reversedAt) : null,
        });
      }
      return found;
    },

    async refund(paymentId: string, amount: number, currency: string, idempotencyKey?: string): Promise<void> {
      await mollie.paymentRefunds.create({ paymentId, amount: toMollieAmount(amount, currency), idempotencyKey });
    },
  };
}

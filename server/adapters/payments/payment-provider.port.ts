import type { PaymentMethod } from '../../../contract/payment-methods';

/** A payment's status as a provider reports it (Mollie's vocabulary, which the demo provider shares). */
export type ProviderStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface CreatePaymentRequest {
  orderId: number;
  /** Minor units. */
  amount: number;
  currency: string;
  description: string;
  method: PaymentMethod;
  /** Where the provider sends the payer back to. */
  returnUrl: string;
  /** Where the provider posts its notifications. */
  webhookUrl: string;
  /** The member's language, for the provider's own pages. */
  locale: string;
}

export interface CreatedPayment {
  /** The provider's id of the payment (`tr_…` at Mollie). */
  id: string;
  /** The provider's hosted checkout, where the payer goes next. */
  checkoutUrl: string;
}

/**
 * Money the payer's card scheme or bank took back from a paid payment: a chargeback (a disputed
 * card or wallet payment) or a return (a SEPA direct debit the bank sent back). Amounts in minor units.
 */
export interface ProviderChargeback {
  /** The provider's id; stable across reports, so a chargeback is booked once. */
  id: string;
  /** `return` when the provider says the bank returned a direct debit; else a chargeback. */
  kind: 'chargeback' | 'return';
  amount: number;
  currency: string;
  reasonCode: string | null;
  reasonText: string | null;
  at: Date;
  /** When the chargeback was reversed (the merchant won the dispute, the money came back); absent or null while it stands. */
  reversedAt?: Date | null;
}

/** A webhook request as it arrived, for the provider to verify and read. */
export interface IncomingWebhook {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** Why a provider refused a call; the payments domain turns each kind into an error code. */
export type PaymentProviderErrorKind =
  /** A webhook whose signature or payload does not prove it came from the provider. */
  | 'webhook_not_genuine'
  /** The provider knows no payment with this id. */
  | 'unknown_payment';

/** The error a provider raises for a refusal the caller can act on; anything else is the provider failing. */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: PaymentProviderErrorKind,
    detail: string = kind,
  ) {
    super(detail);
    this.name = 'PaymentProviderError';
  }
}

/**
 * A payment provider. Every status the site acts on is read back from the provider
 * (`fetchStatus`), never taken from the payer's browser; a webhook only says which payment to
 * look at, after its authenticity is checked.
 */
export interface PaymentProvider {
  readonly name: 'demo' | 'mollie';
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  /** The payment id the notification is about; throws a `PaymentProviderError` (`webhook_not_genuine`) when it is not genuine. */
  parseWebhook(webhook: IncomingWebhook): Promise<string>;
  fetchStatus(paymentId: string): Promise<ProviderStatus>;
  /**
   * The chargebacks and returns of a payment, as the provider knows them now (none when the
   * provider reports none); a reversed one carries `reversedAt`: its money came back.
   */
  fetchChargebacks?(paymentId: string): Promise<ProviderChargeback[]>;
  /**
   * Pays back part or all of a paid payment. `idempotencyKey` names the refund: a retried call
   * with the same key pays back once (Mollie's Idempotency-Key).
   */
  refund(paymentId: string, amount: number, currency: string, idempotencyKey?: string): Promise<void>;
}

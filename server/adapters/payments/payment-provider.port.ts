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

/** A webhook request as it arrived, for the provider to verify and read. */
export interface IncomingWebhook {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/**
 * A payment provider. Every status the site acts on is read back from the provider
 * (`fetchStatus`), never taken from the payer's browser; a webhook only says which payment to
 * look at, after its authenticity is checked.
 */
export interface PaymentProvider {
  readonly name: 'demo' | 'mollie';
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  /** The payment id the notification is about; throws `webhook_signature_invalid` when it is not genuine. */
  parseWebhook(webhook: IncomingWebhook): Promise<string>;
  fetchStatus(paymentId: string): Promise<ProviderStatus>;
  /**
   * Pays back part or all of a paid payment. `idempotencyKey` names the refund: a retried call
   * with the same key pays back once (Mollie's Idempotency-Key).
   */
  refund(paymentId: string, amount: number, currency: string, idempotencyKey?: string): Promise<void>;
}

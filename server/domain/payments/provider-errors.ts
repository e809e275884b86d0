import type { ErrorCode } from '../../../contract/errors';
import { PaymentProviderError, type PaymentProvider, type PaymentProviderErrorKind } from '../../adapters/payments/payment-provider.port';
import { AppError } from '../shared/app-error';

/** What each refusal of a provider means to the member and the provider (via the HTTP status). */
const CODE_OF: Record<PaymentProviderErrorKind, ErrorCode> = {
  webhook_not_genuine: 'webhook_signature_invalid',
  unknown_payment: 'not_found',
};

/** A provider's refusal as the domain's error; any other error is passed on as it is. */
export function toAppError(error: unknown): unknown {
  return error instanceof PaymentProviderError ? new AppError(CODE_OF[error.kind], { detail: error.message }) : error;
}

/** The provider with its refusals raised as `AppError`s, the way the rest of the domain raises them. */
export function withDomainErrors(provider: PaymentProvider): PaymentProvider {
  const mapped =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        throw toAppError(error);
      }
    };
  return {
    name: provider.name,
    createPayment: mapped(provider.createPayment.bind(provider)),
    parseWebhook: mapped(provider.parseWebhook.bind(provider)),
    fetchStatus: mapped(provider.fetchStatus.bind(provider)),
    refund: mapped(provider.refund.bind(provider)),
    ...(provider.fetchChargebacks && { fetchChargebacks: mapped(provider.fetchChargebacks.bind(provider)) }),
  };
}

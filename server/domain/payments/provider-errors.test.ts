import { describe, expect, it } from 'vitest';
import { PaymentProviderError, type PaymentProvider } from '../../adapters/payments/payment-provider.port';
import { AppError } from '../shared/app-error';
import { withDomainErrors } from './provider-errors';

/** A provider whose every call fails with the given error. */
const failingWith = (error: Error): PaymentProvider => ({
  name: 'demo',
  createPayment: async () => Promise.reject(error),
  parseWebhook: async () => Promise.reject(error),
  fetchStatus: async () => Promise.reject(error),
  refund: async () => Promise.reject(error),
});

describe('payments.withDomainErrors', () => {
  it('raises a webhook that is not genuine as webhook_signature_invalid', async () => {
    const provider = withDomainErrors(failingWith(new PaymentProviderError('webhook_not_genuine')));
    const rejection = provider.parseWebhook({ headers: {}, rawBody: '' });
    await expect(rejection).rejects.toBeInstanceOf(AppError);
    await expect(rejection).rejects.toMatchObject({ code: 'webhook_signature_invalid' });
  });

  it('raises an unknown payment as not_found, keeping the detail for the log', async () => {
    const provider = withDomainErrors(failingWith(new PaymentProviderError('unknown_payment', 'unknown demo payment demo_x')));
    await expect(provider.fetchStatus('demo_x')).rejects.toMatchObject({ code: 'not_found', message: 'unknown demo payment demo_x' });
  });

  it('passes any other failure on untouched', async () => {
    const outage = new Error('connect ECONNREFUSED');
    await expect(withDomainErrors(failingWith(outage)).createPayment({} as never)).rejects.toBe(outage);
  });

  it('keeps what the provider answers', async () => {
    const provider = withDomainErrors({ ...failingWith(new Error('unused')), fetchStatus: async () => 'paid' });
    await expect(provider.fetchStatus('demo_x')).resolves.toBe('paid');
    expect(provider.name).toBe('demo');
  });
});

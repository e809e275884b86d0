import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../contract/locales';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../contract/payment-methods';
import { createMollieProvider, toMollieAmount } from './mollie-provider';
import { PaymentProviderError, type CreatePaymentRequest, type PaymentProvider } from './payment-provider.port';

/*
 * Mollie cannot be reached from here, so the official client talks to a local server that
 * records each request and answers with responses recorded from Mollie's v2 API (fixtures/mollie).
 */

const API_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const PAYMENT_ID = 'tr_5B8cwPMGnU';
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/mollie', `${name}.json`), 'utf8'));

interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
interface Replay {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const requests: RecordedRequest[] = [];
const replays = new Map<string, Replay>();
const replay = (method: string, pathname: string, response: Replay) => replays.set(`${method} ${pathname}`, response);
const json = (request: RecordedRequest) => JSON.parse(request.body) as Record<string, unknown>;

let server: http.Server;
let provider: PaymentProvider;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const recorded = { method: request.method!, path: request.url!, headers: request.headers, body };
      requests.push(recorded);
      const answer = replays.get(`${recorded.method} ${recorded.path}`);
      if (!answer) {
        response.writeHead(599, { 'content-type': 'text/plain' }).end(`no recording for ${recorded.method} ${recorded.path}`);
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/hal+json', ...answer.headers }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  // The client sends everything through its own https.Agent pinned to Mozilla's CA bundle, so no
  // local certificate could be trusted: its requests to the fake API are carried over plain HTTP.
  // Anything else fails loudly, so no test can reach a real network.
  vi.spyOn(https, 'request').mockImplementation(((options: https.RequestOptions, callback?: (response: http.IncomingMessage) => void) => {
    if (options.hostname !== '127.0.0.1' || Number(options.port) !== port) throw new Error(`unexpected outbound request to ${options.hostname}`);
    return http.request({ ...options, protocol: 'http:', agent: false }, callback);
  }) as unknown as typeof https.request);

  provider = createMollieProvider({ apiKey: API_KEY, apiEndpoint: `https://127.0.0.1:${port}/v2/` });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  replays.clear();
});

const order: CreatePaymentRequest = {
  orderId: 42,
  amount: 1995,
  currency: 'EUR',
  description: 'Rendezvous 100 credits, order 42',
  method: 'ideal',
  returnUrl: 'https://rendezvous.example/credits/3/ideal?order=42',
  webhookUrl: 'https://rendezvous.example/api/payment-webhook.php?provider=mollie',
  locale: 'nl',
};

describe('mollie.createPayment', () => {
  it('creates the payment with the amount, method, urls, locale and order id, and returns the hosted checkout', async () => {
    replay('POST', '/v2/payments', { status: 201, body: fixture('payment-created') });

    const created = await provider.createPayment(order);

    expect(created).toEqual({ id: PAYMENT_ID, checkoutUrl: 'https://www.mollie.com/checkout/test-mode?method=ideal&token=3.q6x9tk' });
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v2/payments');
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['idempotency-key']).toBe('order-42');
    expect(json(sent)).toEqual({
      amount: { currency: 'EUR', value: '19.95' },
      description: 'Rendezvous 100 credits, order 42',
      redirectUrl: 'https://rendezvous.example/credits/3/ideal?order=42',
      webhookUrl: 'https://rendezvous.example/api/payment-webhook.php?provider=mollie',
      locale: 'nl_NL',
      method: 'ideal',
      metadata: { order_id: 42 },
    });
  });

  it("sends each of our methods as Mollie's, and leaves the ones Mollie lacks to its own checkout", async () => {
    replay('POST', '/v2/payments', { status: 201, body: fixture('payment-created') });
    const expected: Record<PaymentMethod, string | undefined> = {
      ideal: 'ideal',
      bancontact: 'bancontact',
      sofort: undefined,
      eps: 'eps',
      giropay: undefined,
      przelewy24: 'przelewy24',
      blik: 'blik',
      paypal: 'paypal',
      applepay: 'applepay',
      paysafecard: 'paysafecard',
      banktransfer: 'banktransfer',
      creditcard: 'creditcard',
      visa: 'creditcard',
      mastercard: 'creditcard',
      maestro: 'creditcard',
      cartebancaire: 'creditcard',
      dankort: 'creditcard',
      nexi: 'creditcard',
      twint: 'twint',
      satispay: 'satispay',
      mobilepay: 'mobilepay',
      vipps: 'vipps',
      swish: 'swish',
      directdebit: undefined,
    };

    for (const method of PAYMENT_METHODS) await provider.createPayment({ ...order, method });

    const sent = Object.fromEntries(requests.map((request, index) => [PAYMENT_METHODS[index], json(request).method]));
    expect(sent).toEqual(expected);
    for (const request of requests) if (json(request).method === undefined) expect(json(request)).not.toHaveProperty('method');
  });

  it('shows Mollie’s pages in the member’s language', async () => {
    replay('POST', '/v2/payments', { status: 201, body: fixture('payment-created') });

    for (const locale of SUPPORTED_LANGUAGES) await provider.createPayment({ ...order, locale });
    await provider.createPayment({ ...order, locale: 'xx' });

    expect(requests.map((request) => json(request).locale)).toEqual([
      'da_DK',
      'de_DE',
      'en_US',
      'es_ES',
      'fi_FI',
      'fr_FR',
      'it_IT',
      'nb_NO',
      'nl_NL',
      'pl_PL',
      'sv_SE',
      undefined,
    ]);
  });

  it('writes the amount with the currency’s own number of decimals', async () => {
    replay('POST', '/v2/payments', { status: 201, body: fixture('payment-created') });

    await provider.createPayment({ ...order, amount: 5, currency: 'EUR' });
    await provider.createPayment({ ...order, amount: 1980, currency: 'JPY' });
    await provider.createPayment({ ...order, amount: 250000, currency: 'ISK' });
    await provider.createPayment({ ...order, amount: 4990, currency: 'chf' });

    expect(requests.map((request) => json(request).amount)).toEqual([
      { currency: 'EUR', value: '0.05' },
      { currency: 'JPY', value: '1980' },
      { currency: 'ISK', value: '250000' },
      { currency: 'CHF', value: '49.90' },
    ]);
  });

  it('refuses a payment Mollie created without a checkout url', async () => {
    const created = fixture('payment-created');
    const { checkout: _checkout, changePaymentState: _state, ...links } = created._links as Record<string, unknown>;
    replay('POST', '/v2/payments', { status: 201, body: { ...created, _links: links } });

    await expect(provider.createPayment(order)).rejects.toThrow(/no checkout URL/);
  });

  it('lets a rejection by the API surface as an error', async () => {
    replay('POST', '/v2/payments', { status: 422, body: fixture('error-422-amount') });

    await expect(provider.createPayment(order)).rejects.toMatchObject({
      name: 'ApiError',
      statusCode: 422,
      field: 'amount',
      message: 'The amount is higher than the maximum',
    });
  });

  it('lets an outage surface as an error once the client has retried with the same idempotency key', async () => {
    replay('POST', '/v2/payments', { status: 503, body: fixture('error-503'), headers: { 'retry-after': '0' } });

    await expect(provider.createPayment(order)).rejects.toMatchObject({ name: 'ApiError', statusCode: 503 });
    expect(requests.length).toBeGreaterThan(1);
    expect(new Set(requests.map((request) => request.headers['idempotency-key']))).toEqual(new Set(['order-42']));
  });
});

describe('mollie.parseWebhook', () => {
  const webhook = (rawBody: string) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody });

  it('reads the payment id from the form body, without asking the API anything', async () => {
    await expect(provider.parseWebhook(webhook(`id=${PAYMENT_ID}`))).resolves.toBe(PAYMENT_ID);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['an empty body', ''],
    ['an empty id', 'id='],
    ['no id field', `payment=${PAYMENT_ID}`],
    ['a refund id', 'id=re_4qqhO89gsT'],
    ['an order id', 'id=ord_kEn1PlbGa'],
    ['a bare prefix', 'id=tr_'],
    ['a path in the id', 'id=tr_abc%2F..%2Fpayments'],
    ['a JSON body', JSON.stringify({ id: PAYMENT_ID })],
  ])('rejects %s as not genuine', async (_name, rawBody) => {
    const rejection = provider.parseWebhook(webhook(rawBody));
    await expect(rejection).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(rejection).rejects.toMatchObject({ kind: 'webhook_not_genuine' });
  });
});

describe('mollie.fetchStatus', () => {
  it.each(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const)('reads back a %s payment', async (status) => {
    replay('GET', `/v2/payments/${PAYMENT_ID}`, { status: 200, body: fixture(`payment-${status}`) });

    await expect(provider.fetchStatus(PAYMENT_ID)).resolves.toBe(status);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', path: `/v2/payments/${PAYMENT_ID}` });
    expect(requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('refuses a status it does not know rather than guessing', async () => {
    replay('GET', `/v2/payments/${PAYMENT_ID}`, { status: 200, body: { ...fixture('payment-open'), status: 'settled' } });

    await expect(provider.fetchStatus(PAYMENT_ID)).rejects.toThrow(/unknown status 'settled'/);
  });

  it('lets an unknown payment surface as an error', async () => {
    replay('GET', '/v2/payments/tr_unknown1', { status: 404, body: fixture('error-404-payment') });

    await expect(provider.fetchStatus('tr_unknown1')).rejects.toMatchObject({ name: 'ApiError', statusCode: 404 });
  });
});

describe('mollie.refund', () => {
  it('refunds the amount on the payment', async () => {
    replay('POST', `/v2/payments/${PAYMENT_ID}/refunds`, { status: 201, body: fixture('refund-created') });

    await provider.refund(PAYMENT_ID, 995, 'EUR');

    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent).toMatchObject({ method: 'POST', path: `/v2/payments/${PAYMENT_ID}/refunds` });
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(json(sent)).toEqual({ amount: { currency: 'EUR', value: '9.95' } });
  });

  it('lets a refused refund surface as an error', async () => {
    replay('POST', `/v2/payments/${PAYMENT_ID}/refunds`, { status: 422, body: fixture('error-422-amount') });

    await expect(provider.refund(PAYMENT_ID, 999_999, 'EUR')).rejects.toMatchObject({ name: 'ApiError', statusCode: 422 });
  });
});

describe('mollie.fetchChargebacks', () => {
  it('reads the payment’s chargebacks with amount, reason code and date, and when a reversed one was reversed', async () => {
    // The client pages through them (`limit=128`); one page holds a payment's few chargebacks.
    replay('GET', `/v2/payments/${PAYMENT_ID}/chargebacks?limit=128`, { status: 200, body: fixture('payment-chargebacks') });
    expect(await provider.fetchChargebacks!(PAYMENT_ID)).toEqual([
      {
        id: 'chb_n9z0tp',
        kind: 'chargeback',
        amount: 1995,
        currency: 'EUR',
        reasonCode: 'AC01',
        reasonText: 'Account identifier incorrect (i.e. invalid IBAN)',
        at: new Date('2026-11-20T13:40:24Z'),
        reversedAt: null,
      },
      {
        id: 'chb_reversed',
        kind: 'chargeback',
        amount: 500,
        currency: 'EUR',
        reasonCode: 'MS02',
        reasonText: 'Refusal by the debtor',
        at: new Date('2026-11-18T09:00:00Z'),
        reversedAt: new Date('2026-11-19T09:00:00Z'),
      },
    ]);
    expect(requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('reports a chargeback Mollie reversed later (the merchant won) with its reversedAt', async () => {
    replay('GET', `/v2/payments/${PAYMENT_ID}/chargebacks?limit=128`, { status: 200, body: fixture('payment-chargeback-reversed') });
    expect(await provider.fetchChargebacks!(PAYMENT_ID)).toMatchObject([{ id: 'chb_n9z0tp', amount: 1995, reversedAt: new Date('2026-11-27T10:15:00Z') }]);
  });
});

describe('toMollieAmount', () => {
  it.each([
    [1995, 'EUR', '19.95'],
    [0, 'EUR', '0.00'],
    [7, 'PLN', '0.07'],
    [100000, 'SEK', '1000.00'],
    [1980, 'JPY', '1980'],
    [500, 'ISK', '500'],
    [12345, 'KWD', '12.345'],
    [1999, 'HUF', '19.99'],
  ])('writes %i minor units of %s as %s', (amount, currency, value) => {
    expect(toMollieAmount(amount, currency)).toEqual({ currency, value });
  });
});

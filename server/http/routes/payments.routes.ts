import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors';
import { RecordIdParam } from '../../../contract/inputs';
import {
  BundlesResponse,
  CreateOrderInput,
  CreateOrderResponse,
  DiscountCodeQuery,
  DiscountCodeResponse,
  OrderStatusResponse,
  RepeatOrderInput,
  RefundInput,
  TransactionsResponse,
} from '../../../contract/payments';
import type { Services } from '../../services';
import type { Metrics } from '../../observability/metrics';
import { requireMember } from '../auth';

const errors = { 400: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 502: ErrorBody };
const tags = ['payments'];

/** Credit bundles, orders, discount codes and the member's transactions (spec §7 discountcode.php; orders.php, transactions.php). */
export const paymentsRoutes: FastifyPluginAsyncZod<Pick<Services, 'payments' | 'transactions'>> = async (app, { payments, transactions }) => {
  app.get(
    '/api/orders.php',
    {
      schema: { tags, querystring: z.object({ id: RecordIdParam.optional() }), response: { 200: z.union([OrderStatusResponse, BundlesResponse]), ...errors } },
      config: { member: 'required' },
    },
    async (request) => {
      const memberId = await requireMember(request);
      if (request.query.id) return payments.status(request.site, memberId, request.query.id);
      return payments.listBundles(request.site, memberId, request.visitorCountry);
    },
  );

  app.post(
    '/api/orders.php',
    {
      schema: {
        tags,
        querystring: z.object({ repeat: z.enum(['1']).optional() }),
        body: z.union([CreateOrderInput, RepeatOrderInput]),
        response: { 201: CreateOrderResponse, ...errors },
      },
      config: { member: 'required' },
    },
    async (request, reply) => {
      const memberId = await requireMember(request);
      const body = request.body;
      const answer =
        request.query.repeat || !('bundle_id' in body)
          ? await payments.repeat(request.site, memberId, body.client_id, request.visitorCountry)
          : await payments.start(request.site, memberId, body, request.visitorCountry);
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/api/discountcode.php',
    { schema: { tags, querystring: DiscountCodeQuery, response: { 200: DiscountCodeResponse, ...errors } }, config: { member: 'required' } },
    async (request) => payments.discountCode(request.site, await requireMember(request), request.query, request.visitorCountry),
  );

  app.get(
    '/api/transactions.php',
    {
      schema: { tags, querystring: z.object({ id: RecordIdParam.optional() }), response: { 200: TransactionsResponse, ...errors } },
      config: { member: 'required' },
    },
    async (request) => transactions.list(request.site, await requireMember(request), request.query.id),
  );

  app.post(
    '/api/refunds.php',
    { schema: { tags, body: RefundInput, response: { 201: TransactionsResponse, ...errors } }, config: { member: 'required' } },
    async (request, reply) => {
      const answer = await transactions.refund(request.site, await requireMember(request), request.body.order_id);
      return reply.status(201).send(answer);
    },
  );
};

/**
 * Provider notifications. Their bodies are read as raw text (form-encoded at Mollie, JSON at the
 * demo provider) because a signature is computed over the exact bytes.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<Pick<Services, 'payments'> & { metrics?: Pick<Metrics, 'payments'> }> = async (
  app,
  { payments, metrics },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/api/payment-webhook.php',
    {
      // Counted by outcome once answered: whatever refused it (validation, signature, an unknown payment) is in the status.
      onResponse: (request, reply, done) => {
        const provider = (request.query as { provider?: unknown }).provider;
        metrics?.payments.webhookReceived(provider === 'demo' || provider === 'mollie' ? provider : 'unknown', webhookOutcome(reply.statusCode));
        done();
      },
      schema: {
        tags,
        querystring: z.object({ provider: z.enum(['demo', 'mollie']) }),
        response: { 200: z.object({ ok: z.literal(true) }), 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      await payments.handleWebhook(request.query.provider, { headers: request.headers, rawBody: typeof request.body === 'string' ? request.body : '' });
      return { ok: true as const };
    },
  );
};

/** A bounded outcome label for a webhook's answer. */
function webhookOutcome(statusCode: number): string {
  if (statusCode < 300) return 'processed';
  if (statusCode === 401) return 'bad_signature';
  if (statusCode === 404) return 'unknown_payment';
  return statusCode < 500 ? 'rejected' : 'failed';
}

import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateDiscountCodeInput,
  ConsoleDiscountCode,
  DiscountCodeIdParams,
  DiscountCodesPage,
  DiscountCodesQuery,
  MandatesPage,
  MandatesQuery,
  OrderFilters,
  OrdersPage,
  OrdersQuery,
  OrderTotals,
} from '../../../../contract/admin/money';
import { ErrorBody } from '../../../../contract/errors';
import type { ConsoleDiscountsService } from '../../../domain/money/console-discounts.service';
import type { ConsoleMandatesService } from '../../../domain/money/console-mandates.service';
import type { ConsoleOrdersService } from '../../../domain/money/console-orders.service';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/** The console's money area: orders, totals, the accounting export, mandates and discount codes. */
export const moneyRoutes: FastifyPluginAsyncZod<{
  consoleOrders: ConsoleOrdersService;
  consoleMandates: ConsoleMandatesService;
  consoleDiscounts: ConsoleDiscountsService;
}> = async (app, { consoleOrders, consoleMandates, consoleDiscounts }) => {
  app.get(
    '/api/admin/orders',
    { schema: { tags, querystring: OrdersQuery, response: { 200: OrdersPage, ...errors } }, config: { staff: 'money.read' } },
    async (request) => consoleOrders.page(request.query, siteScopeOf(request), actorOf(request)),
  );

  app.get(
    '/api/admin/orders/totals',
    { schema: { tags, querystring: OrderFilters, response: { 200: OrderTotals, ...errors } }, config: { staff: 'money.read' } },
    async (request) => consoleOrders.totals(request.query, siteScopeOf(request)),
  );

  app.get('/api/admin/orders.csv', { schema: { tags, querystring: OrderFilters }, config: { staff: 'money.read' } }, async (request, reply) => {
    const rows = await consoleOrders.csv(actorOf(request), request.query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(rows));
  });

  app.get(
    '/api/admin/mandates',
    { schema: { tags, querystring: MandatesQuery, response: { 200: MandatesPage, ...errors } }, config: { staff: 'money.read' } },
    async (request) => consoleMandates.page(request.query, siteScopeOf(request)),
  );

  app.get(
    '/api/admin/discount-codes',
    { schema: { tags, querystring: DiscountCodesQuery, response: { 200: DiscountCodesPage, ...errors } }, config: { staff: 'money.read' } },
    async (request) => consoleDiscounts.page(request.query, siteScopeOf(request)),
  );

  app.post(
    '/api/admin/discount-codes',
    { schema: { tags, body: CreateDiscountCodeInput, response: { 201: ConsoleDiscountCode, ...errors } }, config: { staff: 'money.write' } },
    async (request, reply) => reply.status(201).send(await consoleDiscounts.create(actorOf(request), request.body)),
  );

  app.post(
    '/api/admin/discount-codes/:id/disable',
    { schema: { tags, params: DiscountCodeIdParams, response: { 200: ConsoleDiscountCode, ...errors } }, config: { staff: 'money.write' } },
    async (request) => consoleDiscounts.disable(actorOf(request), request.params.id),
  );
};

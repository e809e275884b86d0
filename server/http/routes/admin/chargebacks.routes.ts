import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChargebackIdParams,
  ChargebackRatioQuery,
  ChargebackRatios,
  ChargebacksPage,
  ChargebacksQuery,
  ChargebackSettings,
  ConsoleChargeback,
  ResolveDebtInput,
  UpdateChargebackSettingsInput,
} from '../../../../contract/admin/chargebacks';
import { BookSepaReturnInput, OrderIdParams } from '../../../../contract/admin/sepa-returns';
import { ErrorBody } from '../../../../contract/errors';
import type { ConsoleChargebacksService } from '../../../domain/money/console-chargebacks.service';
import type { ConsoleSepaReturnsService } from '../../../domain/money/console-sepa-returns.service';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/**
 * Chargebacks and SEPA returns (issue 33): the list, a member's debt settled or waived, a return
 * of the site's own direct debit booked by hand, the ratio and its threshold.
 */
export const chargebacksRoutes: FastifyPluginAsyncZod<{
  consoleChargebacks: ConsoleChargebacksService;
  consoleSepaReturns: ConsoleSepaReturnsService;
}> = async (app, { consoleChargebacks, consoleSepaReturns }) => {
  app.get(
    '/api/admin/chargebacks',
    { schema: { tags, querystring: ChargebacksQuery, response: { 200: ChargebacksPage, ...errors } }, config: { staff: 'money.read' } },
    async (request) => consoleChargebacks.page(request.query, siteScopeOf(request)),
  );

  app.post(
    '/api/admin/chargebacks/:id/debt',
    { schema: { tags, params: ChargebackIdParams, body: ResolveDebtInput, response: { 200: ConsoleChargeback, ...errors } }, config: { staff: 'money.write' } },
    async (request) => consoleChargebacks.resolveDebt(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/orders/:id/sepa-return',
    { schema: { tags, params: OrderIdParams, body: BookSepaReturnInput, response: { 200: ConsoleChargeback, ...errors } }, config: { staff: 'money.write' } },
    async (request) => consoleSepaReturns.book(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/chargebacks/ratio',
    { schema: { tags, querystring: ChargebackRatioQuery, response: { 200: ChargebackRatios, ...errors } }, config: { staff: 'dashboard.read' } },
    async (request) => consoleChargebacks.ratios(request.query.site_id ?? null, siteScopeOf(request)),
  );

  app.get(
    '/api/admin/chargebacks/settings',
    { schema: { tags, response: { 200: ChargebackSettings, ...errors } }, config: { staff: 'dashboard.read' } },
    async () => consoleChargebacks.settings(),
  );

  app.put(
    '/api/admin/chargebacks/settings',
    { schema: { tags, body: UpdateChargebackSettingsInput, response: { 200: ChargebackSettings, ...errors } }, config: { staff: 'money.write' } },
    async (request) => consoleChargebacks.updateSettings(actorOf(request), request.body),
  );
};

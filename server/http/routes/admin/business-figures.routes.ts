import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessFigures, BusinessFiguresQuery } from '../../../../contract/admin/business-figures';
import { ErrorBody } from '../../../../contract/errors';
import type { BusinessFiguresService } from '../../../domain/figures/business-figures.service';
import { siteScopeOf } from '../../admin/staff-auth';

const tags = ['admin'];

/** The owners' figures (issue 33): net revenue, ARPU/ARPPU, conversion, retention cohorts; as JSON and as CSV. */
export const businessFiguresRoutes: FastifyPluginAsyncZod<{ businessFigures: BusinessFiguresService }> = async (app, { businessFigures }) => {
  app.get(
    '/api/admin/figures',
    {
      schema: { tags, querystring: BusinessFiguresQuery, response: { 200: BusinessFigures, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
      config: { staff: 'dashboard.read' },
    },
    async (request) => businessFigures.read(request.query, siteScopeOf(request)),
  );

  app.get('/api/admin/figures.csv', { schema: { tags, querystring: BusinessFiguresQuery }, config: { staff: 'dashboard.read' } }, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="business-figures-${request.query.period}.csv"`)
      .send(await businessFigures.csv(request.query, siteScopeOf(request))),
  );
};

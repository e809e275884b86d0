import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Dashboard, DashboardQuery } from '../../../../contract/admin/dashboard';
import { ErrorBody } from '../../../../contract/errors';
import type { DashboardService } from '../../../domain/dashboard/dashboard.service';
import { siteScopeOf } from '../../admin/staff-auth';

/** The dashboard's figures for a period, one site or all. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/api/admin/dashboard',
    {
      schema: { tags: ['admin'], querystring: DashboardQuery, response: { 200: Dashboard, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody } },
      config: { staff: 'dashboard.read' },
    },
    async (request) => dashboard.figures(request.query, siteScopeOf(request)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TrafficQuery, TrafficReport } from '../../../../contract/admin/traffic';
import { ErrorBody } from '../../../../contract/errors';
import type { TrafficReportService } from '../../../domain/traffic/traffic-report.service';
import { siteScopeOf } from '../../admin/staff-auth';

/** One site's traffic over a period: sign-ups per source, landing pages' visits and bounces; of the staff member's sites only. */
export const trafficRoutes: FastifyPluginAsyncZod<{ trafficReport: TrafficReportService }> = async (app, { trafficReport }) => {
  app.get(
    '/api/admin/traffic',
    {
      schema: { tags: ['admin'], querystring: TrafficQuery, response: { 200: TrafficReport, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
      config: { staff: 'dashboard.read' },
    },
    async (request) => trafficReport.report(request.query, siteScopeOf(request)),
  );
};

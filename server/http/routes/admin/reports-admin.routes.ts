import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow } from '../../../../contract/admin/list';
import { ReportDetail, ReportIdParams, ReportListPage, ReportListQuery, UpdateReportInput } from '../../../../contract/admin/moderation';
import { ErrorBody } from '../../../../contract/errors';
import { pageOf, presentReportDetail, presentReportSummary } from '../../../domain/moderation/moderation-presenter';
import type { ReportsService } from '../../../domain/moderation/reports.service';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/** The reports queue: members' reports and complaints, their status, assignee, notes and replies. */
export const reportsAdminRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.get(
    '/api/admin/reports',
    { schema: { tags, querystring: ReportListQuery, response: { 200: ReportListPage, ...errors } }, config: { staff: 'reports.handle' } },
    async (request) => {
      const { status, sort, dir } = request.query;
      return pageOf(await reports.page(status, { sort, dir }, pageWindow(request.query), siteScopeOf(request)), request.query, presentReportSummary);
    },
  );

  app.get(
    '/api/admin/reports/:id',
    { schema: { tags, params: ReportIdParams, response: { 200: ReportDetail, ...errors } }, config: { staff: 'reports.handle' } },
    async (request) => presentReportDetail(await reports.detail(request.params.id, siteScopeOf(request))),
  );

  app.patch(
    '/api/admin/reports/:id',
    { schema: { tags, params: ReportIdParams, body: UpdateReportInput, response: { 200: ReportDetail, ...errors } }, config: { staff: 'reports.handle' } },
    async (request) => {
      const { version, status, assignee_id, notes, reply } = request.body;
      return presentReportDetail(await reports.update(actorOf(request), request.params.id, { version, status, assigneeId: assignee_id, notes, reply }));
    },
  );
};

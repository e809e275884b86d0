import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReportIdParams } from '../../../../contract/admin/moderation';
import { ReportEvidence } from '../../../../contract/admin/report-evidence';
import {
  BulkDecisionResponse,
  BulkPhotoDecisionInput,
  BulkReportInput,
  BulkReportResponse,
  BulkTextDecisionInput,
  ReportAssignees,
  ReportAssigneesQuery,
} from '../../../../contract/admin/report-triage';
import { ErrorBody } from '../../../../contract/errors';
import type { QueueBulk } from '../../../domain/moderation/queue-bulk';
import type { ReportEvidenceService } from '../../../domain/moderation/report-evidence.service';
import type { ReportTriageService } from '../../../domain/moderation/report-triage.service';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/**
 * Working through the queues (issue 32): what a report is about, whom it can be given to, and
 * one decision on many reports, photos or texts at once.
 */
export const triageRoutes: FastifyPluginAsyncZod<{ reportEvidence: ReportEvidenceService; reportTriage: ReportTriageService; queueBulk: QueueBulk }> = async (
  app,
  { reportEvidence, reportTriage, queueBulk },
) => {
  app.get(
    '/api/admin/reports/:id/evidence',
    { schema: { tags, params: ReportIdParams, response: { 200: ReportEvidence, ...errors } }, config: { staff: 'reports.handle' } },
    async (request) => reportEvidence.evidence(actorOf(request), request.params.id),
  );

  app.get(
    '/api/admin/report-assignees',
    { schema: { tags, querystring: ReportAssigneesQuery, response: { 200: ReportAssignees, ...errors } }, config: { staff: 'reports.handle' } },
    async (request) => ({ items: await reportTriage.assignees(request.query.report_id ?? null, siteScopeOf(request)) }),
  );

  app.post(
    '/api/admin/reports/bulk',
    { schema: { tags, body: BulkReportInput, response: { 200: BulkReportResponse, ...errors } }, config: { staff: 'reports.handle' } },
    async (request) => reportTriage.closeMany(actorOf(request), request.body.ids, request.body.status),
  );

  app.post(
    '/api/admin/photos/bulk-decision',
    { schema: { tags, body: BulkPhotoDecisionInput, response: { 200: BulkDecisionResponse, ...errors } }, config: { staff: 'moderation.review' } },
    async (request) => {
      const { ids, ...decision } = request.body;
      return queueBulk.decidePhotos(actorOf(request), ids, decision);
    },
  );

  app.post(
    '/api/admin/profile-texts/bulk-decision',
    { schema: { tags, body: BulkTextDecisionInput, response: { 200: BulkDecisionResponse, ...errors } }, config: { staff: 'moderation.review' } },
    async (request) => {
      const { ids, ...decision } = request.body;
      return queueBulk.decideTexts(actorOf(request), ids, decision);
    },
  );
};

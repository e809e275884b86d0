import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contract/errors';
import { ReportCreated, ReportInput } from '../../../contract/reports';
import type { ReportsService } from '../../domain/moderation/reports.service';
import { requireMember } from '../auth';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

/**
 * `POST /api/reports.php`: a signed-in member reports a profile or a conversation, or sends a
 * complaint from `/complaints`; all arrive in the console's reports queue.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    '/api/reports.php',
    {
      schema: { tags: ['reports'], body: ReportInput, response: { 201: ReportCreated, ...errors } },
      config: { member: 'required', rateLimit: { max: 30, timeWindow: '1 hour' } },
    },
    async (request, reply) => reply.status(201).send(await reports.create(request.site, await requireMember(request), request.body)),
  );
};

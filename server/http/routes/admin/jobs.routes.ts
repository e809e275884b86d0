import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConsoleJob, ConsoleJobsList, JobIdParams } from '../../../../contract/admin/jobs';
import { ErrorBody } from '../../../../contract/errors';
import type { JobsAdminService } from '../../../domain/jobs/jobs-admin.service';
import { actorOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/** The background jobs that died or are failing, and their retry (owners). */
export const jobsAdminRoutes: FastifyPluginAsyncZod<{ jobsAdmin: JobsAdminService }> = async (app, { jobsAdmin }) => {
  app.get('/api/admin/jobs', { schema: { tags, response: { 200: ConsoleJobsList, ...errors } }, config: { staff: 'jobs.manage' } }, async () => ({
    jobs: await jobsAdmin.listFailures(),
  }));

  app.post(
    '/api/admin/jobs/:id/retry',
    { schema: { tags, params: JobIdParams, response: { 200: ConsoleJob, ...errors } }, config: { staff: 'jobs.manage' } },
    async (request) => jobsAdmin.retry(actorOf(request), request.params.id),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HostFigures, HostFiguresQuery } from '../../../../contract/admin/host-figures';
import { ErrorBody } from '../../../../contract/errors';
import type { HostFiguresService } from '../../../domain/fictional/host-figures.service';
import { actorOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** Per-host figures (issue 32): owners and admins see every host, a host their own line. */
export const hostFiguresRoutes: FastifyPluginAsyncZod<{ hostFigures: HostFiguresService }> = async (app, { hostFigures }) => {
  app.get(
    '/api/admin/host-figures',
    { schema: { tags: ['admin'], querystring: HostFiguresQuery, response: { 200: HostFigures, ...errors } }, config: { staff: 'fictional.answer' } },
    async (request) => {
      const { from, to } = request.query;
      // Whole UTC days, the last one included.
      const end = new Date(`${to}T00:00:00Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      const rows = await hostFigures.forPeriod(actorOf(request), new Date(`${from}T00:00:00Z`), end);
      return {
        from,
        to,
        items: rows.map((row) => ({
          staff_id: row.staffId,
          name: row.name,
          email: row.email,
          conversations_answered: row.conversationsAnswered,
          messages_sent: row.messagesSent,
          median_reply_seconds: row.medianReplySeconds,
          average_reply_seconds: row.averageReplySeconds,
          credits_spent: row.creditsSpent,
        })),
      };
    },
  );
};

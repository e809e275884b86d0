import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contract/errors';
import { DirectDebitInput, DirectDebitResponse } from '../../../contract/payments';
import type { Services } from '../../services';
import { requireMember } from '../auth';

const errors = { 400: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody, 502: ErrorBody };

/** `POST /api/directdebit.php`: the SEPA form's steps — mandate, code confirmation, new code. */
export const directDebitRoutes: FastifyPluginAsyncZod<Pick<Services, 'directDebit'>> = async (app, { directDebit }) => {
  app.post(
    '/api/directdebit.php',
    {
      schema: { tags: ['payments'], body: DirectDebitInput, response: { 200: DirectDebitResponse, ...errors } },
      // Each call may send an SMS or test a code: a tight per-client budget on top of the per-mandate limits.
      config: { member: 'required', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => directDebit.handle(request.site, await requireMember(request), request.body, request.language),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '../../../contract/accounts';
import { FictionalConfirmationInput } from '../../../contract/admin/fictional';
import { ErrorBody } from '../../../contract/errors';
import type { Services } from '../../services';
import { requireMember } from '../auth';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The member read the fictional-profile warning and price for this profile: not asked again (issue 16). */
export const fictionalConfirmationRoutes: FastifyPluginAsyncZod<Pick<Services, 'fictionalConfirmations'>> = async (app, { fictionalConfirmations }) => {
  app.post(
    '/api/fictional-confirmation.php',
    { schema: { tags: ['chat'], body: FictionalConfirmationInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required' } },
    async (request) => {
      await fictionalConfirmations.confirm(await requireMember(request), request.body.profile_id);
      return { ok: true as const };
    },
  );
};

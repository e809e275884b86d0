import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contract/errors';
import { DeletionOfferResponse } from '../../../contract/pricing';
import type { Services } from '../../services';
import { requireMember } from '../auth';

/** `GET /api/deletion-offer.php`: the trial package and discount shown before a member deletes their account. */
export const deletionOfferRoutes: FastifyPluginAsyncZod<Pick<Services, 'deletionOffer'>> = async (app, { deletionOffer }) => {
  app.get(
    '/api/deletion-offer.php',
    { schema: { tags: ['accounts'], response: { 200: DeletionOfferResponse, 403: ErrorBody } }, config: { member: 'required' } },
    async (request) => deletionOffer.offer(request.site, await requireMember(request), request.visitorCountry),
  );
};

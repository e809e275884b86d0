import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PhotoDecisionInput,
  PhotoDecisionResponse,
  PhotoIdParams,
  PhotoQueuePage,
  PhotoQueueQuery,
  TextDecisionInput,
  TextDecisionResponse,
  TextFlagIdParams,
  TextQueuePage,
  TextQueueQuery,
} from '../../../../contract/admin/moderation';
import { pageWindow } from '../../../../contract/admin/list';
import { ErrorBody } from '../../../../contract/errors';
import { pageOf, presentFlaggedText, presentPendingPhoto } from '../../../domain/moderation/moderation-presenter';
import type { ModerationService } from '../../../domain/moderation/moderation.service';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/** The photo queue and the profile-text queue (moderators, admins, owners). */
export const moderationRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (app, { moderation }) => {
  app.get(
    '/api/admin/photos',
    { schema: { tags, querystring: PhotoQueueQuery, response: { 200: PhotoQueuePage, ...errors } }, config: { staff: 'moderation.review' } },
    async (request) => pageOf(await moderation.pendingPhotos(pageWindow(request.query), siteScopeOf(request)), request.query, presentPendingPhoto),
  );

  app.post(
    '/api/admin/photos/:id/decision',
    {
      schema: { tags, params: PhotoIdParams, body: PhotoDecisionInput, response: { 200: PhotoDecisionResponse, ...errors } },
      config: { staff: 'moderation.review' },
    },
    async (request) => {
      const { id } = request.params;
      const decision = request.body;
      if (decision.decision === 'approve') {
        await moderation.approvePhoto(actorOf(request), id);
        return { id, status: 'active' as const };
      }
      await moderation.rejectPhoto(actorOf(request), id, decision.reason);
      return { id, status: 'rejected' as const };
    },
  );

  app.get(
    '/api/admin/profile-texts',
    { schema: { tags, querystring: TextQueueQuery, response: { 200: TextQueuePage, ...errors } }, config: { staff: 'moderation.review' } },
    async (request) => pageOf(await moderation.flaggedTexts(pageWindow(request.query), siteScopeOf(request)), request.query, presentFlaggedText),
  );

  app.post(
    '/api/admin/profile-texts/:id/decision',
    {
      schema: { tags, params: TextFlagIdParams, body: TextDecisionInput, response: { 200: TextDecisionResponse, ...errors } },
      config: { staff: 'moderation.review' },
    },
    async (request) => {
      const { id } = request.params;
      const decision = request.body;
      if (decision.decision === 'keep') {
        await moderation.keepText(actorOf(request), id);
        return { id, outcome: 'kept' as const };
      }
      await moderation.removeText(actorOf(request), id, decision.reason);
      return { id, outcome: 'removed' as const };
    },
  );
};

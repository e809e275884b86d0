import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberActionResponse, MemberIdParams, ReasonInput, SuspendInput } from '../../../../contract/admin/members';
import { PhotoIdParams, RemovePhotoInput, RemovePhotoResponse, RemoveProfileTextInput, RemoveProfileTextResponse } from '../../../../contract/admin/moderation';
import { ErrorBody } from '../../../../contract/errors';
import type { MembersAdminService } from '../../../domain/members-admin/members-admin.service';
import type { LiveContentService } from '../../../domain/moderation/live-content.service';
import { actorOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/**
 * Trust and safety in the console (issue 32): taking down a live photo or profile text, and
 * restricting a person — hide the profile, suspend for a while — and lifting each. Bans stay
 * with the other account actions (`members.routes.ts`).
 */
export const safetyRoutes: FastifyPluginAsyncZod<{ liveContent: LiveContentService; membersAdmin: MembersAdminService }> = async (
  app,
  { liveContent, membersAdmin },
) => {
  app.post(
    '/api/admin/photos/:id/remove',
    {
      schema: { tags, params: PhotoIdParams, body: RemovePhotoInput, response: { 200: RemovePhotoResponse, ...errors } },
      config: { staff: 'moderation.review' },
    },
    async (request) => {
      const { memberId } = await liveContent.removePhoto(actorOf(request), request.params.id, request.body.reason);
      return { id: request.params.id, member_id: memberId, status: 'removed' as const };
    },
  );

  app.post(
    '/api/admin/members/:id/profile-text/remove',
    {
      schema: { tags, params: MemberIdParams, body: RemoveProfileTextInput, response: { 200: RemoveProfileTextResponse, ...errors } },
      config: { staff: 'moderation.review' },
    },
    async (request) => {
      await liveContent.removeProfileText(actorOf(request), request.params.id, request.body.reason);
      return { member_id: request.params.id, removed: true as const };
    },
  );

  app.post(
    '/api/admin/members/:id/hide',
    { schema: { tags, params: MemberIdParams, body: ReasonInput, response: { 200: MemberActionResponse, ...errors } }, config: { staff: 'members.restrict' } },
    async (request) => membersAdmin.hideProfile(actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/members/:id/show',
    { schema: { tags, params: MemberIdParams, body: ReasonInput, response: { 200: MemberActionResponse, ...errors } }, config: { staff: 'members.restrict' } },
    async (request) => membersAdmin.showProfile(actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/members/:id/suspend',
    { schema: { tags, params: MemberIdParams, body: SuspendInput, response: { 200: MemberActionResponse, ...errors } }, config: { staff: 'members.restrict' } },
    async (request) => {
      const { days, until, reason } = request.body;
      return membersAdmin.suspend(actorOf(request), request.params.id, days !== undefined ? { days } : { until: new Date(until!) }, reason);
    },
  );

  app.post(
    '/api/admin/members/:id/lift-suspension',
    { schema: { tags, params: MemberIdParams, body: ReasonInput, response: { 200: MemberActionResponse, ...errors } }, config: { staff: 'members.restrict' } },
    async (request) => membersAdmin.liftSuspension(actorOf(request), request.params.id, request.body.reason),
  );
};

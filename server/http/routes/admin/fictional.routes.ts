import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClaimResponse,
  CreateFictionalProfileInput,
  FictionalIdParams,
  FictionalProfile,
  FictionalProfilesPage,
  FictionalProfilesQuery,
  InboxConversation,
  InboxConversationParams,
  InboxConversationQuery,
  InboxPage,
  InboxQuery,
  ReplyInput,
  ReplyResponse,
  UpdateFictionalProfileInput,
} from '../../../../contract/admin/fictional';
import { pageWindow } from '../../../../contract/admin/list';
import { ErrorBody } from '../../../../contract/errors';
import { presentMessage } from '../../../domain/chat/chat-presenter';
import type { FictionalProfilesService } from '../../../domain/fictional/fictional-profiles.service';
import { presentClaim, presentFictionalProfile, presentHostMember, presentWaiting } from '../../../domain/fictional/fictional-presenter';
import type { HostInboxService } from '../../../domain/fictional/host-inbox.service';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/** Fictional profiles (`fictional.manage`) and the hosts' inbox (`fictional.answer`), issue 16 item 6. */
export const fictionalRoutes: FastifyPluginAsyncZod<{ fictionalProfiles: FictionalProfilesService; hostInbox: HostInboxService }> = async (
  app,
  { fictionalProfiles, hostInbox },
) => {
  app.get(
    '/api/admin/fictional-profiles',
    { schema: { tags, querystring: FictionalProfilesQuery, response: { 200: FictionalProfilesPage, ...errors } }, config: { staff: 'fictional.manage' } },
    async (request) => {
      const { site_id, sort, dir, page, page_size } = request.query;
      const { offset, limit } = pageWindow(request.query);
      const scope = siteScopeOf(request);
      const [rows, sites] = await Promise.all([fictionalProfiles.list(site_id ?? null, sort, dir, offset, limit, scope), fictionalProfiles.siteOptions(scope)]);
      return { items: rows.slice(0, page_size).map(presentFictionalProfile), page, page_size, has_more: rows.length > page_size, sites };
    },
  );

  app.post(
    '/api/admin/fictional-profiles',
    { schema: { tags, body: CreateFictionalProfileInput, response: { 201: FictionalProfile, ...errors } }, config: { staff: 'fictional.manage' } },
    async (request, reply) => {
      const { site_id, date_of_birth, city, ...fields } = request.body;
      const created = await fictionalProfiles.create(actorOf(request), site_id, { ...fields, dateOfBirth: date_of_birth, city: city ?? null });
      return reply.status(201).send(presentFictionalProfile(created));
    },
  );

  app.get(
    '/api/admin/fictional-profiles/:id',
    { schema: { tags, params: FictionalIdParams, response: { 200: FictionalProfile, ...errors } }, config: { staff: 'fictional.manage' } },
    async (request) => presentFictionalProfile(await fictionalProfiles.find(request.params.id, siteScopeOf(request))),
  );

  app.patch(
    '/api/admin/fictional-profiles/:id',
    {
      schema: { tags, params: FictionalIdParams, body: UpdateFictionalProfileInput, response: { 200: FictionalProfile, ...errors } },
      config: { staff: 'fictional.manage' },
    },
    async (request) => {
      const { date_of_birth, ...rest } = request.body;
      return presentFictionalProfile(
        await fictionalProfiles.update(actorOf(request), request.params.id, { ...rest, ...(date_of_birth !== undefined && { dateOfBirth: date_of_birth }) }),
      );
    },
  );

  app.get(
    '/api/admin/inbox',
    { schema: { tags, querystring: InboxQuery, response: { 200: InboxPage, ...errors } }, config: { staff: 'fictional.answer' } },
    async (request) => {
      const { offset, limit } = pageWindow(request.query);
      const scope = siteScopeOf(request);
      const [{ items, now }, sites] = await Promise.all([hostInbox.waiting(request.query.site_id ?? null, offset, limit, scope), hostInbox.siteOptions(scope)]);
      const viewer = actorOf(request).id;
      return {
        items: items.slice(0, request.query.page_size).map((row) => presentWaiting(row, viewer, now)),
        page: request.query.page,
        page_size: request.query.page_size,
        has_more: items.length > request.query.page_size,
        sites,
      };
    },
  );

  app.get(
    '/api/admin/inbox/:id',
    {
      schema: { tags, params: InboxConversationParams, querystring: InboxConversationQuery, response: { 200: InboxConversation, ...errors } },
      config: { staff: 'fictional.answer' },
    },
    async (request) => {
      const opened = await hostInbox.open(request.params.id, request.query.before ?? null, siteScopeOf(request));
      const { now } = opened;
      return {
        conversation_id: opened.conversation.conversationId,
        site_id: opened.conversation.siteId,
        member_language: opened.conversation.memberLanguage,
        fictional: presentHostMember(opened.fictional, now),
        member: presentHostMember(opened.member, now),
        messages: opened.messages.map(presentMessage),
        has_more: opened.hasMore,
        claim: presentClaim(opened.claim, actorOf(request).id, now),
      };
    },
  );

  app.post(
    '/api/admin/inbox/:id/claim',
    { schema: { tags, params: InboxConversationParams, response: { 200: ClaimResponse, ...errors } }, config: { staff: 'fictional.answer' } },
    async (request) => {
      const claim = await hostInbox.claim(actorOf(request), request.params.id);
      return { conversation_id: claim.conversationId, staff_id: claim.staffId, expires_at: claim.expiresAt.toISOString() };
    },
  );

  app.delete(
    '/api/admin/inbox/:id/claim',
    { schema: { tags, params: InboxConversationParams, response: { 204: z.null(), ...errors } }, config: { staff: 'fictional.answer' } },
    async (request, reply) => {
      await hostInbox.release(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/inbox/:id/reply',
    { schema: { tags, params: InboxConversationParams, body: ReplyInput, response: { 201: ReplyResponse, ...errors } }, config: { staff: 'fictional.answer' } },
    async (request, reply) => {
      const message = await hostInbox.reply(actorOf(request), request.params.id, request.body.text, request.body.client_id);
      return reply.status(201).send({ message });
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CannedRepliesList,
  CannedRepliesQuery,
  CannedReply,
  CannedReplyParams,
  CreateCannedReplyInput,
  UpdateCannedReplyInput,
} from '../../../../contract/admin/canned-replies';
import { ErrorBody } from '../../../../contract/errors';
import type { CannedRepliesService } from '../../../domain/fictional/canned-replies.service';
import { presentCannedReply } from '../../../domain/fictional/fictional-presenter';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['admin'];

/** Canned replies (issue 32): hosts read them while answering (`fictional.answer`); admins write them (`fictional.manage`). */
export const cannedRepliesRoutes: FastifyPluginAsyncZod<{ cannedReplies: CannedRepliesService }> = async (app, { cannedReplies }) => {
  app.get(
    '/api/admin/canned-replies',
    { schema: { tags, querystring: CannedRepliesQuery, response: { 200: CannedRepliesList, ...errors } }, config: { staff: 'fictional.answer' } },
    async (request) => {
      const scope = siteScopeOf(request);
      const [items, sites] = await Promise.all([
        cannedReplies.list(request.query.site_id, request.query.language ?? null, scope),
        cannedReplies.siteOptions(scope),
      ]);
      return { items: items.map(presentCannedReply), sites };
    },
  );

  app.post(
    '/api/admin/canned-replies',
    { schema: { tags, body: CreateCannedReplyInput, response: { 201: CannedReply, ...errors } }, config: { staff: 'fictional.manage' } },
    async (request, reply) => {
      const { site_id, ...fields } = request.body;
      return reply.status(201).send(presentCannedReply(await cannedReplies.create(actorOf(request), site_id, fields)));
    },
  );

  app.patch(
    '/api/admin/canned-replies/:id',
    {
      schema: { tags, params: CannedReplyParams, body: UpdateCannedReplyInput, response: { 200: CannedReply, ...errors } },
      config: { staff: 'fictional.manage' },
    },
    async (request) => presentCannedReply(await cannedReplies.update(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/canned-replies/:id',
    { schema: { tags, params: CannedReplyParams, response: { 204: z.null(), ...errors } }, config: { staff: 'fictional.manage' } },
    async (request, reply) => {
      await cannedReplies.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

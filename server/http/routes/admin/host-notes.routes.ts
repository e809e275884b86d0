import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InboxConversationParams } from '../../../../contract/admin/fictional';
import { AddHostNoteInput, HostNote, HostNoteParams, HostNotes } from '../../../../contract/admin/host-notes';
import { ErrorBody } from '../../../../contract/errors';
import { presentHostNote as present } from '../../../domain/fictional/fictional-presenter';
import type { HostNotesService } from '../../../domain/fictional/host-notes.service';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['admin'];

/** Hosts' notes on a conversation's member and fictional profile (issue 32): everyone who answers (`fictional.answer`). */
export const hostNotesRoutes: FastifyPluginAsyncZod<{ hostNotes: HostNotesService }> = async (app, { hostNotes }) => {
  app.get(
    '/api/admin/inbox/:id/notes',
    { schema: { tags, params: InboxConversationParams, response: { 200: HostNotes, ...errors } }, config: { staff: 'fictional.answer' } },
    async (request) => {
      const viewer = actorOf(request).id;
      const notes = await hostNotes.list(request.params.id, siteScopeOf(request));
      return { member: notes.member.map((note) => present(note, viewer)), profile: notes.profile.map((note) => present(note, viewer)) };
    },
  );

  app.post(
    '/api/admin/inbox/:id/notes',
    {
      schema: { tags, params: InboxConversationParams, body: AddHostNoteInput, response: { 201: HostNote, ...errors } },
      config: { staff: 'fictional.answer' },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const note = await hostNotes.add(actor, request.params.id, request.body.about, request.body.text);
      return reply.status(201).send(present({ ...note, authorName: null }, actor.id));
    },
  );

  app.delete(
    '/api/admin/inbox/notes/:id',
    { schema: { tags, params: HostNoteParams, response: { 204: z.null(), ...errors } }, config: { staff: 'fictional.answer' } },
    async (request, reply) => {
      await hostNotes.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

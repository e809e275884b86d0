import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '../../../contract/accounts';
import {
  ChatsResponse,
  DeleteChatInput,
  HistoryQuery,
  ReadChatInput,
  HistoryResponse,
  RestoreChatInput,
  SendMessageInput,
  SendMessageResponse,
} from '../../../contract/chat';
import { ErrorBody } from '../../../contract/errors';
import { MAX_UPLOAD_BYTES } from '../../domain/photos/image-processing';
import type { Services } from '../../services';
import { requireMember } from '../auth';
import { readPhotoMessageUpload, type PhotoMessageUpload } from './photo-message-upload';

const errors = { 400: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const uploadErrors = { 413: ErrorBody, 415: ErrorBody };
const tags = ['chat'];

/** Conversations and messages (spec §7 chats.php, chat.php; messages.php). */
export const chatRoutes: FastifyPluginAsyncZod<Pick<Services, 'chat' | 'chatPhotos'>> = async (app, { chat, chatPhotos }) => {
  // Photo messages arrive as multipart; oversized files are refused while streaming.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  const photoUploads = new WeakMap<FastifyRequest, PhotoMessageUpload>();

  app.get('/api/chats.php', { schema: { tags, response: { 200: ChatsResponse, ...errors } }, config: { member: 'required' } }, async (request) =>
    chat.listChats(await requireMember(request)),
  );

  app.delete(
    '/api/chat.php',
    { schema: { tags, body: DeleteChatInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required' } },
    async (request) => {
      await chat.remove(await requireMember(request), request.body.conversation.id);
      return { ok: true as const };
    },
  );

  // Undo of a deletion; a POST, so the CSRF check covers it. Repeating it is harmless.
  app.post(
    '/api/chat-restore.php',
    { schema: { tags, body: RestoreChatInput, response: { 200: OkResponse, ...errors, 410: ErrorBody } }, config: { member: 'required' } },
    async (request) => {
      await chat.restore(await requireMember(request), request.body.conversation.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/messages.php',
    { schema: { tags, querystring: HistoryQuery, response: { 200: HistoryResponse, ...errors } }, config: { member: 'required' } },
    async (request) => chat.history(request.site, await requireMember(request), request.query.conversation, request.query.before ?? null),
  );

  // Reading history is a GET and changes nothing; marking read is this POST, so a cross-site
  // link or image can never mark a member's messages read (the CSRF check covers every POST).
  app.post(
    '/api/messages-read.php',
    { schema: { tags, body: ReadChatInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required' } },
    async (request) => {
      await chat.markRead(await requireMember(request), request.body.conversation.id);
      return { ok: true as const };
    },
  );

  /**
   * JSON `{ text }` sends a text message; multipart (fields as in JSON, plus one `file` part)
   * sends a photo message. The multipart form is read before validation and stands in for the
   * JSON body, so both share the one schema.
   */
  app.post(
    '/api/messages.php',
    {
      schema: {
        tags,
        description:
          'JSON `{ text }` sends a text message. multipart/form-data with the fields profile_id or conversation_id and client_id, and one `file` part (JPEG, PNG or WebP, at most 10 MB), sends a photo message for the site’s photo_credits.',
        consumes: ['application/json', 'multipart/form-data'],
        body: SendMessageInput,
        response: { 201: SendMessageResponse, ...errors, ...uploadErrors },
      },
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        await requireMember(request);
        const upload = await readPhotoMessageUpload(request);
        photoUploads.set(request, upload);
        request.body = { ...upload.fields, text: '' };
      },
      config: { member: 'required' },
    },
    async (request, reply) => {
      const { profile_id, conversation_id, text, client_id, confirmed_safety } = request.body;
      const upload = photoUploads.get(request);
      if (upload) {
        const sent = await chatPhotos.send(request.site, await requireMember(request), {
          profileId: profile_id,
          conversationId: conversation_id,
          clientId: client_id,
          data: upload.data,
          declaredType: upload.mimetype,
        });
        return reply.status(201).send(sent);
      }
      const result = await chat.send(request.site, await requireMember(request), {
        profileId: profile_id,
        conversationId: conversation_id,
        kind: 'text',
        text,
        clientId: client_id,
        screening: { language: request.language, confirmed: confirmed_safety === true },
      });
      return reply.status(201).send(result);
    },
  );
};

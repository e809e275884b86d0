import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SendMessageResponse } from '../../../contract/chat';
import { ErrorBody } from '../../../contract/errors';
import { GiftsResponse, MessagePhotoQuery, RevealPhotoInput, RevealPhotoResponse, SendGiftInput } from '../../../contract/gifts';
import type { Services } from '../../services';
import { requireMember } from '../auth';

const errors = { 400: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['chat'];
const WebpImage = {
  description: 'A WebP image',
  content: { 'image/webp': { schema: z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' }) } },
};

/** Gifts (`gifts.php`) and what photo messages need beyond sending: their image and the reveal. */
export const giftsRoutes: FastifyPluginAsyncZod<Pick<Services, 'gifts' | 'chatPhotos' | 'translator'>> = async (app, { gifts, chatPhotos, translator }) => {
  app.get('/api/gifts.php', { schema: { tags, response: { 200: GiftsResponse, ...errors } }, config: { member: 'required' } }, async (request) => {
    await requireMember(request);
    return { gifts: gifts.catalogue(request.site, translator.forLanguage(request.language)) };
  });

  app.post(
    '/api/gifts.php',
    { schema: { tags, body: SendGiftInput, response: { 201: SendMessageResponse, ...errors } }, config: { member: 'required' } },
    async (request, reply) => {
      const { profile_id, conversation_id, gift_id, client_id } = request.body;
      const sent = await gifts.send(request.site, await requireMember(request), {
        profileId: profile_id,
        conversationId: conversation_id,
        giftId: gift_id,
        clientId: client_id,
      });
      return reply.status(201).send(sent);
    },
  );

  // The bytes of a photo message, for the conversation's two members only; never a static file.
  app.get(
    '/api/message-photo.php',
    { schema: { tags, querystring: MessagePhotoQuery, response: { 200: WebpImage, ...errors } }, config: { member: 'required' } },
    async (request, reply) => {
      const image = await chatPhotos.read(await requireMember(request), request.query.message, request.query.variant);
      // Each variant of a message never changes; `private` keeps shared caches from holding it.
      return reply.type('image/webp').header('cache-control', 'private, max-age=31536000, immutable').send(image);
    },
  );

  app.put(
    '/api/messages.php',
    { schema: { tags, body: RevealPhotoInput, response: { 200: RevealPhotoResponse, ...errors } }, config: { member: 'required' } },
    async (request) => ({
      message: await chatPhotos.reveal(await requireMember(request), request.body.reveal_photo),
    }),
  );
};

import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contract/errors';
import { OwnProfileDetails, PhotoIdInput, PhotoOrderInput, PhotoUploadFields } from '../../../contract/profiles';
import { MAX_UPLOAD_BYTES } from '../../domain/photos/image-processing';
import type { Services } from '../../services';
import { requireMember } from '../auth';
import { readImageWithFields } from './multipart-reading';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody };
const tags = ['profiles'];

/** `photos.php`: upload (multipart, one file), delete, main photo and order. */
export const photosRoutes: FastifyPluginAsyncZod<Pick<Services, 'photos' | 'ownProfile'>> = async (app, { photos, ownProfile }) => {
  // Refuse oversized uploads while streaming, before they are held in memory.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/api/photos.php',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: OwnProfileDetails, ...errors } },
      config: { member: 'required', changesShownPages: true },
    },
    async (request, reply) => {
      const memberId = await requireMember(request);
      const upload = await readImageWithFields(request, PhotoUploadFields);
      await photos.upload(request.site, memberId, upload.data, upload.mimetype, upload.fields.client_id);
      return reply.status(201).send(await ownProfile.get(memberId));
    },
  );

  app.delete(
    '/api/photos.php',
    { schema: { tags, body: PhotoIdInput, response: { 200: OwnProfileDetails, ...errors } }, config: { member: 'required', changesShownPages: true } },
    async (request) => {
      const memberId = await requireMember(request);
      await photos.remove(memberId, request.body.photo_id);
      return ownProfile.get(memberId);
    },
  );

  app.put(
    '/api/photos.php',
    { schema: { tags, body: PhotoOrderInput, response: { 200: OwnProfileDetails, ...errors } }, config: { member: 'required', changesShownPages: true } },
    async (request) => {
      const memberId = await requireMember(request);
      await photos.arrange(memberId, request.body);
      return ownProfile.get(memberId);
    },
  );
};

import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FictionalIdParams } from '../../../../contract/admin/fictional';
import { FictionalPhotoParams, FictionalPhotosResponse } from '../../../../contract/admin/fictional-photos';
import { ErrorBody } from '../../../../contract/errors';
import type { FictionalPhotos, FictionalPhotosService } from '../../../domain/fictional/fictional-photos.service';
import { MAX_UPLOAD_BYTES } from '../../../domain/photos/image-processing';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';
import { readImageUpload } from '../multipart-reading';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody };
const tags = ['admin'];

function present({ photos, mainPhotoId }: FictionalPhotos): FictionalPhotosResponse {
  return {
    photos: photos.map((photo) => ({
      id: photo.id,
      filename: photo.filename,
      thumb_filename: photo.thumbFilename,
      status: photo.status,
      main: photo.id === mainPhotoId,
    })),
  };
}

/** A fictional profile's photos (`fictional.manage`): list, add (multipart, one image, re-encoded) and remove. */
export const fictionalPhotosRoutes: FastifyPluginAsyncZod<{ fictionalPhotos: FictionalPhotosService }> = async (app, { fictionalPhotos }) => {
  // Oversized files are refused while streaming, before they are held in memory.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3 } });

  app.get(
    '/api/admin/fictional-profiles/:id/photos',
    { schema: { tags, params: FictionalIdParams, response: { 200: FictionalPhotosResponse, ...errors } }, config: { staff: 'fictional.manage' } },
    async (request) => present(await fictionalPhotos.list(request.params.id, siteScopeOf(request))),
  );

  app.post(
    '/api/admin/fictional-profiles/:id/photos',
    {
      schema: { tags, params: FictionalIdParams, consumes: ['multipart/form-data'], response: { 201: FictionalPhotosResponse, ...errors } },
      config: { staff: 'fictional.manage' },
    },
    async (request, reply) => {
      const upload = await readImageUpload(request);
      return reply.status(201).send(present(await fictionalPhotos.add(actorOf(request), request.params.id, upload.data, upload.mimetype)));
    },
  );

  app.delete(
    '/api/admin/fictional-profiles/:id/photos/:photoId',
    { schema: { tags, params: FictionalPhotoParams, response: { 200: FictionalPhotosResponse, ...errors } }, config: { staff: 'fictional.manage' } },
    async (request) => present(await fictionalPhotos.remove(actorOf(request), request.params.id, request.params.photoId)),
  );
};

import type { FastifyRequest } from 'fastify';
import { SendPhotoFields } from '../../../contract/gifts';
import { readImageWithFields } from './multipart-reading';

export interface PhotoMessageUpload {
  fields: SendPhotoFields;
  data: Buffer;
  mimetype: string;
}

/** Reads a multipart photo message: its target and `client_id` fields and one file part. */
export function readPhotoMessageUpload(request: FastifyRequest): Promise<PhotoMessageUpload> {
  return readImageWithFields(request, SendPhotoFields);
}

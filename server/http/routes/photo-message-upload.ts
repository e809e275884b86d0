import type { FastifyRequest } from 'fastify';
import { SendPhotoFields } from '../../../contract/gifts';
import { AppError } from '../../domain/shared/app-error';

export interface PhotoMessageUpload {
  fields: SendPhotoFields;
  data: Buffer;
  mimetype: string;
}

/**
 * Reads a multipart photo message (form fields and one file part, in any order). The multipart
 * plugin's limits refuse an oversized file while it streams, before it is held in memory.
 */
export async function readPhotoMessageUpload(request: FastifyRequest): Promise<PhotoMessageUpload> {
  const raw: Record<string, string> = {};
  let file: { data: Buffer; mimetype: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw new AppError('validation_failed', { params: { fields: 'file' }, detail: 'more than one file' });
        file = { data: await part.toBuffer(), mimetype: part.mimetype };
      } else if (typeof part.value === 'string') {
        raw[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('photo_too_large');
    throw error;
  }
  if (!file) throw new AppError('photo_not_an_image', { detail: 'no file part' });
  const parsed = SendPhotoFields.safeParse(raw);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => `body.${issue.path.join('.')}`))].join(', ');
    throw new AppError('validation_failed', { params: { fields }, detail: parsed.error.message });
  }
  return { fields: parsed.data, ...file };
}

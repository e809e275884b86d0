import type { FastifyRequest } from 'fastify';
import { SendPhotoFields } from '../../../contract/gifts';
import { AppError } from '../../domain/shared/app-error';
import { fromZodIssue, InputValidationError } from '../field-problems';
import { readMultipart } from './multipart-reading';

export interface PhotoMessageUpload {
  fields: SendPhotoFields;
  data: Buffer;
  mimetype: string;
}

/**
 * Reads a multipart photo message (form fields and one file part, in any order). The multipart
 * plugin's limits refuse an oversized file while it streams, before it is held in memory; the
 * fields get the same checks and field problems as the JSON body.
 */
export async function readPhotoMessageUpload(request: FastifyRequest): Promise<PhotoMessageUpload> {
  const raw: Record<string, string> = {};
  const file = await readMultipart(async () => {
    let found: { data: Buffer; mimetype: string } | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (found) throw new AppError('validation_failed', { params: { fields: 'file' }, detail: 'more than one file' });
        found = { data: await part.toBuffer(), mimetype: part.mimetype };
      } else if (typeof part.value === 'string') {
        raw[part.fieldname] = part.value;
      }
    }
    return found;
  });
  if (!file) throw new AppError('photo_not_an_image', { detail: 'no file part' });
  const parsed = SendPhotoFields.safeParse(raw);
  if (!parsed.success) throw new InputValidationError('body', parsed.error.issues.map(fromZodIssue), raw);
  return { fields: parsed.data, ...file };
}

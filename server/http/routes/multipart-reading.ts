import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isAppError, AppError } from '../../domain/shared/app-error';
import { fromZodIssue, InputValidationError } from '../field-problems';

/**
 * A multipart body that cannot be read — no boundary, cut short, a malformed part — is the
 * client's fault: a 400 like a broken JSON body (the error handler answers any 4xx error
 * this way), never a 500.
 */
export class UnreadableBodyError extends Error {
  readonly statusCode = 400;
  constructor(cause: unknown) {
    super(`unreadable multipart body: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'UnreadableBodyError';
  }
}

/**
 * Runs the reading of a multipart request. Whatever fails while the parts stream in is the
 * body's fault (an oversized file has its own answer); our own refusals pass through.
 */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isAppError(error) || error instanceof InputValidationError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('photo_too_large');
    throw new UnreadableBodyError(error);
  }
}

/**
 * The one image file of an upload request (a member's photo, a brand's logo, a partner card's
 * picture), read whole: the re-encoding needs all of it. Not multipart, or no file part, is
 * refused as not an image.
 */
export async function readImageUpload(request: FastifyRequest): Promise<{ data: Buffer; mimetype: string }> {
  if (!request.isMultipart()) throw new AppError('photo_not_an_image', { detail: 'not multipart' });
  const upload = await readMultipart(async () => {
    const file = await request.file();
    return file ? { data: await file.toBuffer(), mimetype: file.mimetype } : null;
  });
  if (!upload) throw new AppError('photo_not_an_image', { detail: 'no file part' });
  return upload;
}

/**
 * One image file and the form fields beside it (in any order), the fields checked by `schema`
 * with the same field problems as a JSON body. The multipart plugin's limits refuse an
 * oversized file while it streams, before it is held in memory.
 */
export async function readImageWithFields<T>(request: FastifyRequest, schema: z.ZodType<T>): Promise<{ fields: T; data: Buffer; mimetype: string }> {
  if (!request.isMultipart()) throw new AppError('photo_not_an_image', { detail: 'not multipart' });
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
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new InputValidationError('body', parsed.error.issues.map(fromZodIssue), raw);
  return { fields: parsed.data, ...file };
}

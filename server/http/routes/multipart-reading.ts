import { isAppError, AppError } from '../../domain/shared/app-error';
import { InputValidationError } from '../field-problems';

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

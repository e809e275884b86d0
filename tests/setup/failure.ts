import type { AppError } from '../../server/domain/shared/app-error';

/** The error `promise` fails with, to assert on its code, fields and params; a promise that succeeds fails the test. */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a failure');
}

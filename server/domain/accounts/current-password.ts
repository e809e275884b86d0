import type { UsersRepository } from '../../db/repositories/users.repository';
import { AppError } from '../shared/app-error';
import type { SiteRow } from '../../db/schema/index';
import type { ClientIdentity, LoginGuard } from './login-guard';
import { verifyPassword } from './passwords';

/**
 * Checks a signed-in member's current password before a sensitive change; throws `code` on the
 * form's `field` when it is wrong, or `account_locked`.
 */
export type CurrentPasswordCheck = (
  site: SiteRow,
  userId: number,
  password: string,
  client: ClientIdentity,
  code: 'old_password_wrong' | 'current_password_wrong',
  field: string,
) => Promise<void>;

/**
 * The current-password check of the password change, the e-mail change and the deletion:
 * locked clients are refused before any hashing, wrong guesses count like failed log-ins, and
 * the right password clears this client's count.
 */
export function createCurrentPasswordCheck(deps: { users: UsersRepository; guard: LoginGuard }): CurrentPasswordCheck {
  return async (site, userId, password, client, code, field) => {
    const user = await deps.users.findById(userId);
    if (!user) throw new AppError('authentication_required');
    const attempt = await deps.guard.identify(site, user.email, client);
    await deps.guard.assertNotLocked(site, attempt);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await deps.guard.recordFailure(site, attempt);
      throw new AppError(code, { fields: [{ field, code }] });
    }
    await deps.guard.recordSuccess(attempt);
  };
}

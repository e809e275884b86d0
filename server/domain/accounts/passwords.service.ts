import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { AppError, throwFieldProblems } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { assertRedeemed, type AccountLinks } from './account-links.service';
import { findPasswordProblem, hashPassword, verifyPassword } from './passwords';
import type { SessionsService } from './sessions.service';

/** Spec §8: 'Too many password reset emails sent, please try again tomorrow.' */
export const RESETS_PER_DAY = 3;

/** Forgotten passwords (by e-mailed link) and changing a known one. */
export function createPasswordsService(deps: { users: UsersRepository; links: AccountLinks; sessions: SessionsService; clock: Clock }) {
  const { users, links, sessions, clock } = deps;

  function checkNewPassword(password: string, confirm: string, field: string) {
    if (password !== confirm) throw new AppError('passwords_differ', { fields: [{ field: `${field}_confirm`, code: 'passwords_differ' }] });
    const problem = findPasswordProblem(password);
    throwFieldProblems(problem ? [{ field, code: problem }] : []);
  }

  return {
    /** Mails a reset link. The spec names unknown addresses ('E-mail address not found'). */
    async requestReset(site: SiteRow, email: string): Promise<void> {
      const user = await users.findByEmail(site.id, email);
      if (!user || user.status === 'deleted') throw new AppError('email_not_found');
      const since = new Date(clock.now().getTime() - 86_400_000);
      if ((await links.countSince(user.id, 'password_reset', since)) >= RESETS_PER_DAY) throw new AppError('reset_limit_reached');
      await links.issue('password_reset', site, await links.recipientOf(user));
    },

    isResetLinkLive: (token: string) => links.isLive('password_reset', token),

    /** Sets the new password, retires every other reset link and logs out every device. */
    async reset(token: string, password: string, confirm: string): Promise<void> {
      checkNewPassword(password, confirm, 'password');
      const redeemed = assertRedeemed(await links.redeem('password_reset', token));
      await users.update(redeemed.userId, { passwordHash: await hashPassword(password) });
      await links.revokeAll(redeemed.userId, 'password_reset');
      await sessions.endAll(redeemed.userId);
    },

    /** Changes the password after checking the old one; other devices are logged out. */
    async change(userId: number, oldPassword: string, newPassword: string, confirm: string, currentUserAgent?: string): Promise<string> {
      const user = await users.findById(userId);
      if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) {
        throw new AppError('old_password_wrong', { fields: [{ field: 'old_password', code: 'old_password_wrong' }] });
      }
      checkNewPassword(newPassword, confirm, 'new_password');
      await users.update(userId, { passwordHash: await hashPassword(newPassword) });
      await sessions.endAll(userId);
      // A fresh session for the device that made the change.
      return sessions.start(userId, currentUserAgent);
    },
  };
}

export type PasswordsService = ReturnType<typeof createPasswordsService>;

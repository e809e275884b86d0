import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { AppError, throwFieldProblems } from '../shared/app-error';
import { assertRedeemed, type AccountLinks } from './account-links.service';
import type { CurrentPasswordCheck } from './current-password';
import type { ClientIdentity, LoginGuard } from './login-guard';
import { findPasswordProblem, hashPassword } from './passwords';
import type { ResetLimits } from './reset-limits';
import type { SessionsService } from './sessions.service';

/** Who asks for a reset mail: their client, and the member they are signed in as (if any). */
export interface ResetRequester {
  client: ClientIdentity;
  memberId: number | null;
}

/** Forgotten passwords (by e-mailed link) and changing a known one. */
export function createPasswordsService(deps: {
  users: UsersRepository;
  links: AccountLinks;
  sessions: SessionsService;
  guard: LoginGuard;
  resetLimits: ResetLimits;
  checkCurrentPassword: CurrentPasswordCheck;
}) {
  const { users, links, sessions, guard, resetLimits } = deps;

  async function checkNewPassword(password: string, confirm: string, field: string, email?: string) {
    if (password !== confirm) throw new AppError('passwords_differ', { fields: [{ field: `${field}_confirm`, code: 'passwords_differ' }] });
    const problem = await findPasswordProblem(password, { email });
    throwFieldProblems(problem ? [{ field, code: problem }] : []);
  }

  return {
    /**
     * Mails a reset link when the address has an account here. Known and unknown addresses get
     * the same answer, limits included (ADR 0051): whether an address has an account is private.
     * A requester gets three mails a day per address; strangers together ten; the owner, signed
     * in or on a device the account trusts, is never held back by strangers.
     */
    async requestReset(site: SiteRow, email: string, requester: ResetRequester): Promise<void> {
      const found = await users.findByEmail(site.id, email);
      const user = found && found.status !== 'deleted' ? found : null;
      // Unknown addresses are counted like known ones (the counters are keyed by site and
      // address), so the limit's answer does not tell them apart either.
      const attempt = await guard.identify(site, email, requester.client);
      await resetLimits.take(attempt, !!user && (attempt.trusted || requester.memberId === user.id));
      if (user) await links.issue('password_reset', site, await links.recipientOf(user));
    },

    isResetLinkLive: (token: string) => links.isLive('password_reset', token),

    /**
     * Sets the new password, retires every other reset link and logs out every device. The link
     * proved the mailbox: the account's lockouts are lifted and this browser becomes trusted. The
     * address is told the password changed.
     */
    async reset(site: SiteRow, token: string, password: string, confirm: string, client?: ClientIdentity): Promise<void> {
      const live = await links.findLive('password_reset', token);
      await checkNewPassword(password, confirm, 'password', live ? (await users.findById(live.userId))?.email : undefined);
      const redeemed = assertRedeemed(await links.redeem('password_reset', token));
      await users.update(redeemed.userId, { passwordHash: await hashPassword(password) });
      await links.revokeAll(redeemed.userId, 'password_reset');
      await sessions.endAll(redeemed.userId);
      const user = await users.findById(redeemed.userId);
      if (user) {
        await guard.liftLockouts(user);
        await guard.trustDevice(user, client);
        await links.sendSecurityNotice('password_changed', site, await links.recipientOf(user));
      }
    },

    /** Changes the password after checking the old one; other devices are logged out, and the address is told. */
    async change(
      site: SiteRow,
      userId: number,
      passwords: { old: string; new: string; confirm: string },
      client: ClientIdentity,
      currentUserAgent?: string,
    ): Promise<string> {
      await deps.checkCurrentPassword(site, userId, passwords.old, client, 'old_password_wrong', 'old_password');
      await checkNewPassword(passwords.new, passwords.confirm, 'new_password', (await users.findById(userId))?.email);
      await users.update(userId, { passwordHash: await hashPassword(passwords.new) });
      await sessions.endAll(userId);
      const user = await users.findById(userId);
      if (user) await links.sendSecurityNotice('password_changed', site, await links.recipientOf(user));
      // A fresh session for the device that made the change.
      return sessions.start(userId, currentUserAgent);
    },
  };
}

export type PasswordsService = ReturnType<typeof createPasswordsService>;

import type { DELETION_REASONS } from '../../../contract/accounts';
import type { Executor } from '../../db/client';
import { createUsersRepository, type UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { assertRedeemed, type AccountLinks } from './account-links.service';
import { deleteAccount } from './account-rules';
import { REACTIVATION_DAYS } from './accounts.service';
import type { CurrentPasswordCheck } from './current-password';
import type { ClientIdentity } from './login-guard';
import type { SessionsService } from './sessions.service';

export { PURGE_ACCOUNT_JOB } from './account-rules';
const DAY = 86_400_000;

export interface AccountPurger {
  /** Removes the member's personal data and media for good. */
  purge(userId: number): Promise<void>;
}

/**
 * Leaving and coming back: deletion hides the member at once, a mailed link restores the
 * account for 14 days, and a durable job then purges it.
 */
export function createAccountDeletionService(deps: {
  db: Executor;
  users: UsersRepository;
  links: AccountLinks;
  sessions: SessionsService;
  purger: AccountPurger;
  checkCurrentPassword: CurrentPasswordCheck;
  clock: Clock;
}) {
  const { users, links, sessions, clock } = deps;

  /** Restores a deleted account from its link within the 14 days; returns the member id. */
  async function reactivate(token: string): Promise<number> {
    const redeemed = assertRedeemed(await links.redeem('reactivate', token));
    const user = await users.findById(redeemed.userId);
    const now = clock.now();
    if (!user || user.status !== 'deleted' || !user.deletedAt || now.getTime() - user.deletedAt.getTime() >= REACTIVATION_DAYS * DAY) {
      throw new AppError('link_invalid');
    }
    // The link reached the member's mailbox, which confirms the address.
    await users.update(user.id, { status: 'active', deletedAt: null });
    return user.id;
  }

  return {
    /**
     * The member's own deletion: the account rule (`deleteAccount`) and the anonymous reason
     * commit together; the open tabs close and the restore link is mailed after the commit.
     */
    async delete(
      site: SiteRow,
      userId: number,
      input: { reason: (typeof DELETION_REASONS)[number]; details?: string; password: string },
      client: ClientIdentity,
    ) {
      await deps.checkCurrentPassword(site, userId, input.password, client, 'current_password_wrong', 'password');
      if (!(await users.findById(userId))) throw new AppError('authentication_required');
      const now = clock.now();
      const { user, endedSessions } = await deps.db.transaction(async (tx) => {
        const deleted = await deleteAccount(tx, userId, now);
        await createUsersRepository(tx).recordDeletionReason(site.id, input.reason, input.details, now);
        return deleted;
      });
      await sessions.announceEnded(userId, endedSessions);
      await links.sendReactivation(site, user);
    },

    reactivate,

    /**
     * "Restore my account" after a log-in with the right password (the offer's token from
     * `accounts.login`): restores the account and signs the member in; returns the session token.
     */
    async restore(restoreToken: string, userAgent: string | undefined): Promise<string> {
      const userId = await reactivate(restoreToken);
      return sessions.start(userId, userAgent);
    },

    /** The purge job: only for accounts still deleted after the whole window. */
    async purgeIfStillDeleted(userId: number): Promise<void> {
      const user = await users.findById(userId);
      if (!user || user.status !== 'deleted' || !user.deletedAt) return;
      if (clock.now().getTime() - user.deletedAt.getTime() < REACTIVATION_DAYS * DAY) return;
      await deps.purger.purge(userId);
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;

import type { Executor } from '../../db/client';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { assertRedeemed, type AccountLinks } from './account-links.service';
import { confirmAddress } from './account-rules';

/** Resends allowed per day: enough for a lost mail, too few to spam someone with. */
export const ACTIVATION_RESENDS_PER_DAY = 5;

/** Confirming the e-mail address: the link, its resend, and what confirming unlocks. */
export function createActivationService(deps: {
  db: Executor;
  users: UsersRepository;
  links: AccountLinks;
  clock: Clock;
  onConfirmed?: (userId: number) => Promise<void>;
}) {
  const { users, links, clock } = deps;
  return {
    /** Confirms the address and makes the profile visible. Throws 'activation_failed'. */
    async activate(token: string): Promise<number> {
      const redeemed = assertRedeemed(await links.redeem('activate', token), 'activation_failed');
      const user = await users.findById(redeemed.userId);
      if (!user || user.status === 'deleted') throw new AppError('activation_failed');
      // The account and its profile commit together (`confirmAddress`, the console's rule too).
      await deps.db.transaction((tx) => confirmAddress(tx, user));
      // As before, also when the account was confirmed already (by an operator, say).
      await deps.onConfirmed?.(user.id);
      return user.id;
    },

    async resend(site: SiteRow, userId: number): Promise<void> {
      const user = await users.findById(userId);
      if (!user || user.status !== 'not_confirmed') return;
      const since = new Date(clock.now().getTime() - 86_400_000);
      if ((await links.countSince(userId, 'activate', since)) >= ACTIVATION_RESENDS_PER_DAY) throw new AppError('rate_limited');
      await links.sendActivation(site, await links.recipientOf(user));
    },
  };
}

export type ActivationService = ReturnType<typeof createActivationService>;

import crypto from 'node:crypto';
import type { AuthThrottlesRepository } from '../../db/repositories/auth-throttles.repository';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { Attempt } from './login-guard';

/** Spec §8: 'Too many password reset emails sent, please try again tomorrow.' — per requester and address. */
export const RESETS_PER_REQUESTER_PER_DAY = 3;
/**
 * Reset mails to one address from clients that have not proved they are its owner, all of them
 * together: enough for a member on a new phone, too few to flood a mailbox. The owner (signed in,
 * or on a device trusted by the account) is never held back by this.
 */
export const RESETS_FROM_STRANGERS_PER_DAY = 10;
const DAY = 86_400_000;

const keyOf = (...parts: string[]) => crypto.createHash('sha256').update(parts.join('\n')).digest('hex');

/**
 * Reset flooding (ADR 0019): a stranger's requests use up the stranger's own allowance for the
 * address, and strangers together can use up theirs, but never the owner's.
 */
export function createResetLimits(deps: { throttles: AuthThrottlesRepository; clock: Clock }) {
  const { throttles, clock } = deps;
  const requesterKey = (attempt: Attempt) => keyOf('reset', attempt.accountKey, attempt.clientKey);
  const strangersKey = (attempt: Attempt) => keyOf('reset-strangers', attempt.accountKey);
  return {
    /** Counts one reset mail, or throws `reset_limit_reached` when the requester may send no more today. */
    async take(attempt: Attempt, isOwner: boolean): Promise<void> {
      const now = clock.now();
      const limits = [
        { key: requesterKey(attempt), max: RESETS_PER_REQUESTER_PER_DAY },
        ...(isOwner ? [] : [{ key: strangersKey(attempt), max: RESETS_FROM_STRANGERS_PER_DAY }]),
      ];
      for (const limit of limits) {
        if ((await throttles.find(limit.key, DAY, now)).hits >= limit.max) throw new AppError('reset_limit_reached');
      }
      for (const limit of limits) {
        await throttles.hit({ key: limit.key, kind: 'reset', accountKey: attempt.accountKey, max: limit.max, windowMs: DAY, blockUntil: null }, now);
      }
    },
  };
}

export type ResetLimits = ReturnType<typeof createResetLimits>;

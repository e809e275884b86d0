import type { Executor } from '../../db/client';
import { createJobsRepository } from '../../db/repositories/jobs.repository';
import { createSessionsRepository } from '../../db/repositories/sessions.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import type { UserRow } from '../../db/schema/index';
import { REACTIVATION_DAYS } from './accounts.service';

/**
 * The account rules that both the member and the console apply — one definition each. Every
 * function writes through the executor it is given, so the caller decides the unit of work: a
 * member's own action commits in a transaction of its own, a console action inside the
 * transaction that also writes its audit row. What must leave the process (the ended sessions'
 * tabs, mails) the caller sends after the commit.
 */

export const PURGE_ACCOUNT_JOB = 'purge_account';
const DAY = 86_400_000;

/**
 * Ends every session of the member; returns the hashes of those it ended, for the caller to
 * announce after the commit (`announceEndedSessions`): their open tabs close at once.
 */
export function endAllSessions(db: Executor, userId: number): Promise<string[]> {
  return createSessionsRepository(db).deleteAllForUser(userId);
}

/**
 * Confirms the member's address: a not yet confirmed account becomes active and its profile
 * is shown (the visibility rule, `member_visibility`). False, and nothing written, when the
 * account was confirmed already; the caller refuses deleted accounts with its own error.
 */
export async function confirmAddress(db: Executor, user: Pick<UserRow, 'id' | 'status'>): Promise<boolean> {
  if (user.status !== 'not_confirmed') return false;
  const users = createUsersRepository(db);
  await users.update(user.id, { status: 'active' });
  await users.updateProfile(user.id, { status: 'active' });
  return true;
}

/**
 * Deletes an account for the 14-day window: hidden at once (status `deleted`), every session
 * ended, and the purge job due when the window closes. Returns the account as it is now and
 * the ended sessions' hashes; the caller mails the restore link after the commit.
 */
export async function deleteAccount(db: Executor, userId: number, now: Date): Promise<{ user: UserRow; endedSessions: string[] }> {
  const user = await createUsersRepository(db).markDeleted(userId, now);
  const endedSessions = await endAllSessions(db, userId);
  await createJobsRepository(db).enqueue(PURGE_ACCOUNT_JOB, { userId }, new Date(now.getTime() + REACTIVATION_DAYS * DAY), now);
  return { user, endedSessions };
}

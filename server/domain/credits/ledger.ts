import type { Executor } from '../../db/client';
import { createCreditsRepository, type CreditChange } from '../../db/repositories/credits.repository';

/**
 * The credit ledger's rules (ADR 0020, "Money is integer credits in an append-only ledger"):
 * every change of a balance is one ledger row carrying the balance it left, written in the
 * caller's transaction; a debit the balance does not cover books nothing, even when debits race
 * (the repository's conditional update decides it atomically; the `users_credits_not_negative`
 * check stands behind it). The repository only stores; these functions are the only way a
 * single change is booked. Batches of chat sends book through `creditChangesCtes`.
 */

/**
 * Books one change: moves the balance and appends its row. Returns the new balance, or null
 * when a debit exceeds the balance (nothing is written then) or the member does not exist.
 */
export async function bookCredits(db: Executor, change: CreditChange): Promise<number | null> {
  const credits = createCreditsRepository(db);
  const balance = await credits.moveBalance(change.userId, change.delta);
  if (balance === null) return null;
  await credits.appendEntry({ ...change, balanceAfter: balance });
  return balance;
}

/**
 * Books a change under its idempotency key once: a retry that finds the entry books nothing
 * and returns `{ booked: false }`. The caller holds the member's row lock, so a retry arriving
 * at the same time waits and then finds the first entry.
 */
export async function bookCreditsOnce(
  db: Executor,
  change: CreditChange & { idempotencyKey: string },
): Promise<{ booked: false } | { booked: true; balance: number | null }> {
  if (await createCreditsRepository(db).hasEntry(change.userId, change.idempotencyKey)) return { booked: false };
  return { booked: true, balance: await bookCredits(db, change) };
}

/** The site's welcome credits of a new account, as a `signup_bonus` entry; none when the site gives none. */
export async function grantSignupCredits(db: Executor, userId: number, credits: number, at: Date): Promise<void> {
  if (credits > 0) await bookCredits(db, { userId, delta: credits, reason: 'signup_bonus', at });
}

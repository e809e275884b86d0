import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { jsonRecordset } from '../json-recordset';
import { creditLedger, users, type CreditLedgerRow } from '../schema/index';

export type CreditReason = CreditLedgerRow['reason'];

export interface CreditChange {
  userId: number;
  delta: number;
  reason: CreditReason;
  reference?: string;
  idempotencyKey?: string;
  at: Date;
}

/**
 * The credit ledger. A change moves the balance and appends its row in the caller's
 * transaction; a debit is a conditional update, so the balance cannot go below zero even
 * when sends race.
 */
export function createCreditsRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /** Applies the change and returns the new balance, or null when a debit exceeds the balance. */
    async apply(change: CreditChange): Promise<number | null> {
      const [row] = await db
        .update(users)
        .set({ credits: sql`${users.credits} + ${change.delta}` })
        .where(and(eq(users.id, change.userId), sql`${users.credits} + ${change.delta} >= 0`))
        .returning({ credits: users.credits });
      if (!row) return null;
      await db.insert(creditLedger).values({
        userId: change.userId,
        delta: change.delta,
        balanceAfter: row.credits,
        reason: change.reason,
        reference: change.reference,
        idempotencyKey: change.idempotencyKey,
        createdAt: change.at,
      });
      return row.credits;
    },

    /** Sum of a member's ledger rows; equals `users.credits` at every commit. */
    async sumForUser(userId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId));
      return row.total;
    },
  };
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;

/**
 * Many changes (a batch of chat sends) as common table expressions for one statement: each
 * member's balance moves by the sum of their changes (`debited`), and every change gets its
 * ledger row with the running balance, in the given order (`ledger`, returning `user_id` and
 * `balance_after`). The caller checked the balances under lock; should one still go below
 * zero, the `users_credits_not_negative` check fails the statement and the caller's
 * transaction rolls back whole. A caller may write its own rows in the same statement.
 */
export function creditChangesCtes(changes: CreditChange[]): SQL {
  const rows = changes.map((change, index) => ({ i: index, u: change.userId, d: change.delta, r: change.reason, ref: change.reference ?? null, k: change.idempotencyKey ?? null, at: change.at.toISOString() }));
  return sql`
    credit_changes as (
      select * from ${jsonRecordset(rows, 'i int, u int, d int, r text, ref text, k text, at timestamptz')} as c),
    debited as (
      update users set credits = users.credits + t.d
      from (select u, sum(d)::int as d from credit_changes group by u) t where users.id = t.u
      returning users.id, users.credits),
    ledger as (
      insert into credit_ledger (user_id, delta, balance_after, reason, reference, idempotency_key, created_at)
      select c.u, c.d, debited.credits - coalesce(sum(c.d) over (partition by c.u order by c.i rows between 1 following and unbounded following), 0),
             c.r, c.ref, c.k, c.at
      from credit_changes c join debited on debited.id = c.u
      order by c.i
      returning user_id, balance_after)`;
}

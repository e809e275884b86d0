import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { jsonRecordset } from '../json-recordset';
import { creditLedger, users, type CreditLedgerRow } from '../schema/index';

export type CreditReason = CreditLedgerRow['reason'];

/**
 * One credit that arrived (a purchase, a bonus, an operator's grant) or one refund or chargeback, followed by
 * the sum of the plain debits (messages, gifts, photos) booked after it and before the next
 * such row. Debits between two arrivals draw on the same credits in any order, so this is all
 * a rule about which credits a spend used needs from the ledger (ADR 0020).
 */
export interface LedgerStep {
  /** 0 and no reason for debits before any credit arrived (a ledger never has them). */
  delta: number;
  reason: CreditReason | null;
  reference: string | null;
  /** The debits after this row, as a negative number (0 when none). */
  spentAfter: number;
}

export interface CreditChange {
  userId: number;
  delta: number;
  reason: CreditReason;
  reference?: string;
  idempotencyKey?: string;
  at: Date;
}

/**
 * The credit ledger's storage: balances and rows. The rules that combine them (a change is a
 * balance move plus its row, once per idempotency key, welcome credits) are in
 * `domain/credits/ledger.ts`, the only caller of `moveBalance` and `appendEntry`.
 */
export function createCreditsRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /**
     * Moves the balance by `delta` in one conditional update, so concurrent debits cannot pass
     * zero; returns the new balance, or null when it would go below zero (or no such member).
     */
    async moveBalance(userId: number, delta: number): Promise<number | null> {
      const [row] = await db
        .update(users)
        .set({ credits: sql`${users.credits} + ${delta}` })
        .where(and(eq(users.id, userId), sql`${users.credits} + ${delta} >= 0`))
        .returning({ credits: users.credits });
      return row?.credits ?? null;
    },

    /** Appends a ledger row (append-only: rows are never changed). */
    async appendEntry(entry: CreditChange & { balanceAfter: number }): Promise<void> {
      await db.insert(creditLedger).values({
        userId: entry.userId,
        delta: entry.delta,
        balanceAfter: entry.balanceAfter,
        reason: entry.reason,
        reference: entry.reference,
        idempotencyKey: entry.idempotencyKey,
        createdAt: entry.at,
      });
    },

    /**
     * The member's ledger as steps, oldest first: one per row that adds credits or refunds them,
     * with the debits after it summed. A member who chatted a lot has many rows but few steps.
     */
    async listSteps(userId: number): Promise<LedgerStep[]> {
      return rowsOf<LedgerStep>(sql`
        select coalesce(min(l.delta) filter (where l.is_step), 0)::int as delta,
               min(l.reason) filter (where l.is_step) as reason,
               min(l.reference) filter (where l.is_step) as reference,
               coalesce(sum(l.delta) filter (where not l.is_step), 0)::int as "spentAfter"
        from (select delta, reason, reference, is_step, count(*) filter (where is_step) over (order by id) as step
              from (select id, delta, reason, reference, (delta > 0 or reason in ('refund', 'chargeback')) as is_step
                    from credit_ledger where user_id = ${userId}) r) l
        group by l.step
        order by l.step`);
    },

    /**
     * Locks the member's balance for the rest of the transaction: chat sends and other debits
     * of this member wait until it commits (they take the same row lock to debit).
     */
    async lockBalance(userId: number): Promise<number | null> {
      const [row] = await rowsOf<{ credits: number }>(sql`select credits from users where id = ${userId} for no key update`);
      return row?.credits ?? null;
    },

    /** Whether a member's ledger already holds the entry booked under this idempotency key. */
    async hasEntry(userId: number, idempotencyKey: string): Promise<boolean> {
      const [row] = await db
        .select({ id: creditLedger.id })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), eq(creditLedger.idempotencyKey, idempotencyKey)));
      return !!row;
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
  const rows = changes.map((change, index) => ({
    i: index,
    u: change.userId,
    d: change.delta,
    r: change.reason,
    ref: change.reference ?? null,
    k: change.idempotencyKey ?? null,
    at: change.at.toISOString(),
  }));
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

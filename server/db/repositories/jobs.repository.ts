import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { intArray } from '../array-params';
import { jsonRecordset } from '../json-recordset';
import { jobs } from '../schema/index';
import { currentRequestId } from '../../observability/work-scope';
import type { QueueDepth } from '../../observability/metrics';

/** The payload key that carries the id of the request that enqueued a job. */
export const JOB_REQUEST_ID_KEY = 'requestId';

export type JobRow = typeof jobs.$inferSelect;
/** What a runner needs of a claimed job. */
export type ClaimedJob = Pick<JobRow, 'id' | 'kind' | 'payload' | 'attempts'>;
/** How many due jobs of one kind a claim may take. */
/** A job added only once: a job whose key exists already is not added again. */
export interface KeyedJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  key: string;
}

export interface KindClaim {
  kind: string;
  limit: number;
}

/**
 * A job enqueued while a request (or another job) runs carries that request's id in its payload
 * (`requestId`), so the runner's log lines for it can be joined to the request's. The runner
 * takes it out again before the handler sees the payload.
 */
function withRequestId(payload: Record<string, unknown>): Record<string, unknown> {
  const requestId = currentRequestId();
  return requestId ? { ...payload, [JOB_REQUEST_ID_KEY]: requestId } : payload;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Durable jobs. Claiming uses SKIP LOCKED, so instances and workers never run one job twice at once. */
export function createJobsRepository(db: Executor) {
  return {
    /**
     * Adds a job; with a `key`, only once: a second enqueue with the same key adds nothing and
     * answers false (a rule firing twice, two instances scheduling the same period).
     */
    async enqueue(kind: string, payload: Record<string, unknown>, runAt: Date, now: Date, options: { key?: string } = {}): Promise<boolean> {
      const added = await db
        .insert(jobs)
        .values({ kind, payload: withRequestId(payload), runAt, createdAt: now, key: options.key ?? null })
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      return added.length > 0;
    },

    /**
     * Enqueues many keyed jobs in one statement (the chat's group commit hands over a whole batch
     * of messages at once: one insert per batch keeps the send path's database work flat).
     * Answers how many were new.
     */
    async enqueueMany(rows: KeyedJob[], now: Date): Promise<number> {
      if (!rows.length) return 0;
      const added = await db
        .insert(jobs)
        .values(rows.map((row) => ({ kind: row.kind, payload: withRequestId(row.payload), runAt: row.runAt, createdAt: now, key: row.key })))
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      return added.length;
    },

    /**
     * Takes due jobs for `leaseMs`, at most `limit` of each listed kind (kinds not listed are
     * left alone: a runner claims only what it can run, and only as many as it has room for).
     * Each claim counts as an attempt; a job that has used `maxAttempts` is not taken again (see
     * `markAbandonedDead`). A crashed runner's lease simply runs out.
     */
    async claimDue(now: Date, kinds: KindClaim[], leaseMs: number, maxAttempts: number): Promise<ClaimedJob[]> {
      const wanted = kinds.filter((entry) => entry.limit > 0);
      if (!wanted.length) return [];
      const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
      const nowIso = now.toISOString();
      // One statement for every kind: per kind, the oldest due jobs nobody holds, up to its room.
      const result = await db.execute(sql`
        update ${jobs} set locked_until = ${leaseUntil}::timestamptz, attempts = attempts + 1
        where id in (
          select due.id from ${jsonRecordset(wanted, 'kind text, "limit" int')} as wanted
          cross join lateral (
            select id from ${jobs}
            where kind = wanted.kind and done_at is null and dead_at is null
              and run_at <= ${nowIso}::timestamptz
              and (locked_until is null or locked_until < ${nowIso}::timestamptz)
              and attempts < ${maxAttempts}
            order by run_at limit wanted."limit"
            for update skip locked) as due)
        returning id, kind, payload, attempts`);
      return rowsOf<ClaimedJob>(result);
    },

    /** Marks jobs done, many in one statement: under a backlog a runner finishes hundreds a second. */
    async complete(ids: number[], now: Date): Promise<void> {
      if (!ids.length) return;
      await db.execute(
        sql`update ${jobs} set done_at = ${now.toISOString()}::timestamptz, locked_until = null, last_error = null where id = any(${intArray(ids)})`,
      );
    },

    /** A failed attempt that will be tried again at `runAt`. */
    async retryLater(id: number, error: string, runAt: Date): Promise<void> {
      await db
        .update(jobs)
        .set({ lastError: error.slice(0, 2000), runAt, lockedUntil: null })
        .where(eq(jobs.id, id));
    },

    /** A failed last attempt: the job stays, visible, and is never claimed again until an operator retries it. */
    async markDead(id: number, error: string, now: Date): Promise<void> {
      await db
        .update(jobs)
        .set({ lastError: error.slice(0, 2000), deadAt: now, lockedUntil: null })
        .where(eq(jobs.id, id));
    },

    /**
     * Jobs whose last attempt never came back (the process died mid-job, every time) and whose
     * lease ran out: dead, so that they show among the failures instead of hiding forever.
     */
    async markAbandonedDead(now: Date, maxAttempts: number): Promise<number> {
      const nowIso = now.toISOString();
      const result = await db.execute(sql`
        update ${jobs} set dead_at = ${nowIso}::timestamptz, locked_until = null,
          last_error = coalesce(last_error || ' — ', '') || 'the last attempt never finished (the runner stopped mid-job)'
        where done_at is null and dead_at is null and attempts >= ${maxAttempts}
          and locked_until < ${nowIso}::timestamptz
        returning id`);
      return rowsOf(result).length;
    },

    /** Gives back claimed jobs a stopping runner never started: they are due at once for others, and the claim does not count. */
    async release(ids: number[]): Promise<void> {
      if (!ids.length) return;
      await db.execute(sql`
        update ${jobs} set locked_until = null, attempts = greatest(attempts - 1, 0)
        where id = any(${intArray(ids)}) and done_at is null`);
    },

    /**
     * The queue's depth per kind, for the metrics scrape: unfinished jobs (and those due now and
     * free to claim) through the partial index on unfinished jobs, dead ones through theirs; the
     * done jobs kept for 14 days are never scanned.
     */
    async countByKind(now: Date): Promise<QueueDepth[]> {
      const nowIso = now.toISOString();
      const result = await db.execute(sql`
        select kind,
          (count(*) filter (where run_at <= ${nowIso}::timestamptz and (locked_until is null or locked_until < ${nowIso}::timestamptz)))::int as due,
          count(*)::int as pending, 0 as dead
        from ${jobs} where done_at is null and dead_at is null group by kind
        union all
        select kind, 0, 0, count(*)::int from ${jobs} where dead_at is not null group by kind`);
      const byKind = new Map<string, QueueDepth>();
      for (const row of rowsOf<QueueDepth>(result)) {
        const entry = byKind.get(row.kind) ?? { kind: row.kind, due: 0, pending: 0, dead: 0 };
        entry.due += Number(row.due);
        entry.pending += Number(row.pending);
        entry.dead += Number(row.dead);
        byKind.set(row.kind, entry);
      }
      return [...byKind.values()];
    },

    /** Dead jobs, and jobs that failed and wait for their next attempt, the latest first (operators' list). */
    async listFailures(limit: number): Promise<JobRow[]> {
      return db
        .select()
        .from(jobs)
        .where(or(isNotNull(jobs.deadAt), and(isNull(jobs.doneAt), isNotNull(jobs.lastError))))
        .orderBy(desc(sql`coalesce(${jobs.deadAt}, ${jobs.runAt})`), desc(jobs.id))
        .limit(limit);
    },

    async findById(id: number): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ?? null;
    },

    /**
     * An operator's retry: a dead job, or a failing one waiting for its next attempt, is due now
     * with a fresh set of attempts. Answers false when the job is done, running, already due or unknown.
     */
    async retryNow(id: number, now: Date): Promise<boolean> {
      const nowIso = now.toISOString();
      const result = await db.execute(sql`
        update ${jobs} set dead_at = null, attempts = 0, run_at = ${nowIso}::timestamptz, locked_until = null
        where id = ${id} and done_at is null
          and (dead_at is not null or (last_error is not null and run_at > ${nowIso}::timestamptz))
          and (locked_until is null or locked_until < ${nowIso}::timestamptz)
        returning id`);
      return rowsOf(result).length > 0;
    },

    /**
     * Deletes finished jobs done before `doneBefore` and dead ones dead before `deadBefore`, a
     * slice at a time so that no statement holds the table for long. Answers how many went.
     */
    async deleteFinished(doneBefore: Date, deadBefore: Date, sliceSize = 5000): Promise<number> {
      let deleted = 0;
      for (;;) {
        const result = await db.execute(sql`
          delete from ${jobs} where id in (
            select id from ${jobs}
            where done_at < ${doneBefore.toISOString()}::timestamptz or dead_at < ${deadBefore.toISOString()}::timestamptz
            limit ${sliceSize})
          returning id`);
        const count = rowsOf(result).length;
        deleted += count;
        if (count < sliceSize) return deleted;
      }
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

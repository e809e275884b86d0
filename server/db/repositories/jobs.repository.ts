import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { jobs } from '../schema/index';

export type JobRow = typeof jobs.$inferSelect;

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
        .values({ kind, payload, runAt, createdAt: now, key: options.key ?? null })
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      return added.length > 0;
    },

    /** Takes up to `limit` due jobs for `leaseMs`; a crashed runner's lease simply runs out. */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<JobRow[]> {
      const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
      const nowIso = now.toISOString();
      const result = await db.execute<JobRow>(sql`
        update ${jobs} set locked_until = ${leaseUntil}::timestamptz, attempts = attempts + 1
        where id in (
          select id from ${jobs}
          where done_at is null and run_at <= ${nowIso}::timestamptz
            and (locked_until is null or locked_until < ${nowIso}::timestamptz)
          order by run_at limit ${limit}
          for update skip locked)
        returning id, kind, payload, attempts`);
      return (result as unknown as { rows: JobRow[] }).rows;
    },

    async complete(id: number, now: Date): Promise<void> {
      await db.update(jobs).set({ doneAt: now, lockedUntil: null }).where(eq(jobs.id, id));
    },

    async retryLater(id: number, error: string, runAt: Date): Promise<void> {
      await db.update(jobs).set({ lastError: error.slice(0, 2000), runAt, lockedUntil: null }).where(eq(jobs.id, id));
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

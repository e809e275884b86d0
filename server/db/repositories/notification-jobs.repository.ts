import type { Executor } from '../client';
import { jobs } from '../schema/index';

export interface KeyedJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  /** Once-only: a job whose key exists already is not added again. */
  key: string;
}

/**
 * Enqueues many keyed jobs in one statement: the chat's group commit hands over a whole batch
 * of messages at once, and one insert per batch keeps the send path's database work flat.
 * (`jobsRepository.enqueue` does the same for one job.)
 */
export function createNotificationJobsRepository(db: Executor) {
  return {
    /** Answers how many were new. */
    async enqueueMany(rows: KeyedJob[], now: Date): Promise<number> {
      if (!rows.length) return 0;
      const added = await db
        .insert(jobs)
        .values(rows.map((row) => ({ kind: row.kind, payload: row.payload, runAt: row.runAt, createdAt: now, key: row.key })))
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      return added.length;
    },
  };
}

export type NotificationJobsRepository = ReturnType<typeof createNotificationJobsRepository>;

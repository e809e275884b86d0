import type { JobsRepository } from '../db/repositories/jobs.repository';
import type { Clock } from '../domain/shared/clock';

export interface EnqueueOptions {
  /** When the job is due (default: now). */
  runAt?: Date;
  /** Or: due this long from now. */
  delayMs?: number;
  /** Idempotency: a second enqueue with the same key adds nothing. */
  key?: string;
}

/**
 * The queue as the rules see it: `enqueue(kind, payload, { runAt | delayMs, key })`, answering
 * whether a job was added. The in-process runner is woken so that a job due now runs at once;
 * a separate worker finds it at its next poll. Inside a transaction, use the repository built
 * on it (`createJobsRepository(tx).enqueue`), whose signature is unchanged.
 */
export function createJobQueue(deps: { jobs: Pick<JobsRepository, 'enqueue'>; clock: Clock; onEnqueued?: () => void }) {
  return {
    async enqueue(kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<boolean> {
      const now = deps.clock.now();
      const runAt = options.runAt ?? new Date(now.getTime() + (options.delayMs ?? 0));
      const added = await deps.jobs.enqueue(kind, payload, runAt, now, { key: options.key });
      if (added && runAt.getTime() <= now.getTime()) deps.onEnqueued?.();
      return added;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

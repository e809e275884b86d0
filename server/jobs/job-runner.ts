import type { JobsRepository } from '../db/repositories/jobs.repository';
import type { Clock } from '../domain/shared/clock';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;

/**
 * Runs due jobs from the database. Every app instance runs one (and `npm run worker` can run
 * more); SKIP LOCKED keeps them from taking the same job. A failure retries with backoff.
 */
export function createJobRunner(deps: { jobs: JobsRepository; clock: Clock; handlers: Record<string, JobHandler>; log?: (message: string, error?: unknown) => void }) {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<number> | null = null;

  async function runDue(limit = 20): Promise<number> {
    const now = deps.clock.now();
    const claimed = await deps.jobs.claimDue(now, limit, LEASE_MS);
    for (const job of claimed) {
      const handler = deps.handlers[job.kind];
      try {
        if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
        await handler(job.payload);
        await deps.jobs.complete(job.id, deps.clock.now());
      } catch (error) {
        deps.log?.(`job ${job.id} (${job.kind}) failed`, error);
        const delay = Math.min(2 ** job.attempts * 60_000, 24 * 3_600_000);
        const retryAt = job.attempts >= MAX_ATTEMPTS ? new Date('9999-01-01T00:00:00Z') : new Date(deps.clock.now().getTime() + delay);
        await deps.jobs.retryLater(job.id, error instanceof Error ? error.message : String(error), retryAt);
      }
    }
    return claimed.length;
  }

  return {
    /** Runs every due job now (tests, and each tick of the timer). */
    runDue,
    start(intervalMs = 30_000) {
      timer = setInterval(() => {
        if (running) return;
        running = runDue().finally(() => (running = null));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

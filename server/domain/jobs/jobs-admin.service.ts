import { JOB_FAILURES_SHOWN, type ConsoleJob } from '../../../contract/admin/jobs';
import type { Executor } from '../../db/client';
import { createJobsRepository, type JobRow } from '../../db/repositories/jobs.repository';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';

export function presentConsoleJob(row: JobRow): ConsoleJob {
  return {
    id: row.id,
    kind: row.kind,
    state: row.deadAt ? 'dead' : 'failing',
    attempts: row.attempts,
    last_error: row.lastError,
    run_at: row.runAt.toISOString(),
    dead_at: row.deadAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    payload: row.payload,
  };
}

/**
 * The jobs operators look after (the console's jobs page and `npm run admin -- jobs`): the dead
 * and failing ones, and a retry, audited with the job's state before and after.
 */
export function createJobsAdminService(deps: { db: Executor; audit: AuditService; clock: Clock; onRetried?: () => void }) {
  const reader = createJobsRepository(deps.db);
  return {
    async listFailures(limit = JOB_FAILURES_SHOWN): Promise<ConsoleJob[]> {
      return (await reader.listFailures(limit)).map(presentConsoleJob);
    },

    /**
     * Makes a dead or failing job due now with a fresh set of attempts. Refuses (`not_found`)
     * an unknown job and (`version_conflict`) one that is done or running meanwhile.
     */
    async retry(actor: StaffActor, id: number): Promise<ConsoleJob> {
      const retried = await deps.db.transaction(async (tx) => {
        const jobs = createJobsRepository(tx);
        const before = await jobs.findById(id);
        if (!before) throw new AppError('not_found');
        if (!(await jobs.retryNow(id, deps.clock.now()))) throw new AppError('version_conflict');
        const after = (await jobs.findById(id))!;
        await deps.audit.record(tx, actor, {
          action: 'job.retry',
          targetType: 'job',
          targetId: id,
          before: { kind: before.kind, state: before.deadAt ? 'dead' : 'failing', attempts: before.attempts, last_error: before.lastError },
          after: { kind: after.kind, state: 'due', attempts: after.attempts, last_error: after.lastError },
        });
        return after;
      });
      deps.onRetried?.();
      return presentConsoleJob(retried);
    },
  };
}

export type JobsAdminService = ReturnType<typeof createJobsAdminService>;

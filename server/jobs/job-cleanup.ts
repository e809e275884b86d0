import type { JobsRepository } from '../db/repositories/jobs.repository';
import type { Clock } from '../domain/shared/clock';
import type { JobSchedule } from './job-schedules';

/** Deletes finished jobs once a day, so the queue's table holds the recent past only. */
export const CLEAN_UP_JOBS_JOB = 'clean_up_jobs';

const DAY = 86_400_000;
/** Done jobs are kept two weeks (what ran, for questions); dead ones three months, for operators to look into. */
export const JOB_RETENTION = { doneMs: 14 * DAY, deadMs: 90 * DAY };

/** At 03:14 UTC, the quietest hour across Europe, apart from the notifications' clean-up (03:44). */
export const cleanUpJobsSchedule: JobSchedule = { kind: CLEAN_UP_JOBS_JOB, everyMs: DAY, offsetMs: (3 * 60 + 14) * 60_000 };

export function createJobCleanup(deps: { jobs: Pick<JobsRepository, 'deleteFinished'>; clock: Clock }) {
  return async (): Promise<void> => {
    const now = deps.clock.now().getTime();
    await deps.jobs.deleteFinished(new Date(now - JOB_RETENTION.doneMs), new Date(now - JOB_RETENTION.deadMs));
  };
}

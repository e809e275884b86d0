import type { Config } from '../config';
import type { JobLog, JobRunner } from './job-runner';
import { createLoopBudget } from './loop-budget';

/**
 * Starts the job runner with its budget (ADR 0077): inside the web process (`WORKER=on`) every
 * job and batch step takes at most its share of the event loop while members' requests need
 * it; `npm run worker` runs at full speed unless WORKER_LOOP_SHARE says otherwise, since its
 * lower CPU priority already leaves the web the processor. Either way the sweeps due at the
 * start are spaced out.
 */
export function startJobRunner(runner: JobRunner, budget: Config['jobBudget'], layout: 'web' | 'worker', log: JobLog): void {
  const share = layout === 'web' ? budget.inProcessLoopShare : budget.workerLoopShare;
  const pace = share < 1 ? createLoopBudget({ share, minStepMs: budget.minStepMs }) : undefined;
  runner.start({ log, pace, startSpacingMs: budget.startSpacingMs });
}

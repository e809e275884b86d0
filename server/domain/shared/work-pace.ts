import { AsyncLocalStorage } from 'node:async_hooks';

/** How fast background work may go: `turn()` resolves when the next step may start. */
export interface WorkPace {
  turn(): Promise<void>;
}

const paces = new AsyncLocalStorage<WorkPace>();

/**
 * Runs a job's handler under the pace of the runner that runs it. The job runner sets it; the
 * rules never carry it: the same batch code runs paced inside the web process and at full
 * speed in `npm run worker` or a test (ADR 0077).
 */
export function runWithPace<T>(pace: WorkPace, work: () => Promise<T>): Promise<T> {
  return paces.run(pace, work);
}

/**
 * Waits for the current job's turn before the next step of a batch (one member of a digest):
 * between steps the web process answers its requests. Resolves at once outside a paced job.
 */
export function nextStep(): Promise<void> | void {
  return paces.getStore()?.turn();
}

import { runInPacedScope, scopedPace, type WorkPace } from './work-scope';

export type { WorkPace };

/**
 * Runs a job's handler under the pace of the runner that runs it. The job runner sets it; the
 * rules never carry it: the same batch code runs paced inside the web process and at full
 * speed in `npm run worker` or a test (ADR 0077). The pace shares the process's one work scope
 * with the request id (ADR 0088).
 */
export function runWithPace<T>(pace: WorkPace, work: () => Promise<T>): Promise<T> {
  return runInPacedScope(pace, work);
}

/**
 * Waits for the current job's turn before the next step of a batch (one member of a digest):
 * between steps the web process answers its requests. Resolves at once outside a paced job.
 */
export function nextStep(): Promise<void> | void {
  return scopedPace()?.turn();
}

import { runInRequestScope, runWithoutRequestId, scopedRequestId } from '../domain/shared/work-scope';

/**
 * The id of the request (or of the job) whose work is running now, so that a job it enqueues
 * carries it and the worker's log lines for that job can be joined to the request's. It lives in
 * the process's one work scope (ADR 0088), beside a paced job's pace.
 */

/** The request id of the work running now, or undefined outside any request or job. */
export function currentRequestId(): string | undefined {
  return scopedRequestId();
}

/** Runs `work` (and everything it awaits or schedules) as part of the request `requestId`. */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return runInRequestScope(requestId, work);
}

/**
 * Runs `work` outside any request: shared work that one request happens to start but that serves
 * many (the chat's group commit) must not carry that one request's id.
 */
export function runOutsideRequest<T>(work: () => T): T {
  return runWithoutRequestId(work);
}

/**
 * The id of the request (or of the job) whose work is running now, so that a job it enqueues
 * carries it and the worker's log lines for that job can be joined to the request's (ADR 0045).
 * It lives in the process's one work scope, beside a paced job's pace (ADR 0088).
 */
export { currentRequestId, runOutsideRequest, runWithRequestId } from '../domain/shared/work-scope';

/**
 * How fast background work inside the web process may go (ADR 0077): the job runner runs each
 * handler under its pace, and batch code waits for `nextStep()` between members. The pace lives
 * in the process's one work scope, beside the request id (ADR 0088).
 */
export { nextStep, runWithPace, type WorkPace } from './work-scope';

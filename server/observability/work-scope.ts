import { AsyncLocalStorage } from 'node:async_hooks';

/** What a paced background step waits on: `turn()` resolves when the next step may start. */
export interface WorkPace {
  turn(): Promise<void>;
}

/** A paced job's scope: the request that enqueued it (if any) and the runner's pace. */
interface PacedScope {
  readonly requestId: string | undefined;
  readonly pace: WorkPace;
}

/**
 * A request's scope is its id alone (entering it allocates nothing); a paced job's carries its pace too.
 */
type WorkScope = string | PacedScope;

/**
 * The one `AsyncLocalStorage` of the process (ADR 0088). On Node 20 every enabled storage adds
 * its own step to each promise, tick, timer and socket write made anywhere in the process: with
 * the request's id and the worker's pace in two storages, a settings call cost 35.2–36.8 µs of
 * CPU, with them in one 33.4–34.8 µs. Everything that follows work across awaits shares this one.
 */
const scope = new AsyncLocalStorage<WorkScope | undefined>();

/** The id of the request (or of the job it enqueued) whose work is running now. */
export function currentRequestId(): string | undefined {
  const current = scope.getStore();
  return typeof current === 'string' ? current : current?.requestId;
}

/** The pace of the paced job running now, if any. */
function currentPace(): WorkPace | undefined {
  const current = scope.getStore();
  return typeof current === 'object' ? current.pace : undefined;
}

/** Runs `work` (and everything it awaits or schedules) as part of the request `requestId`, unpaced. */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return scope.run(requestId, work);
}

/**
 * Runs a job's handler under the pace of the runner that runs it, keeping the request id of the
 * work that starts it. The job runner sets it; the rules never carry it: the same batch code runs
 * paced inside the web process and at full speed in `npm run worker` or a test (ADR 0077).
 */
export function runWithPace<T>(pace: WorkPace, work: () => T): T {
  return scope.run({ requestId: currentRequestId(), pace }, work);
}

/**
 * Waits for the current job's turn before the next step of a batch (one member of a digest):
 * between steps the web process answers its requests. Resolves at once outside a paced job.
 */
export function nextStep(): Promise<void> | void {
  return currentPace()?.turn();
}

/**
 * Runs `work` outside any request: shared work that one request happens to start but that serves
 * many (the chat's group commit) must not carry that one request's id. A pace is kept.
 */
export function runOutsideRequest<T>(work: () => T): T {
  const pace = currentPace();
  return scope.run(pace ? { requestId: undefined, pace } : undefined, work);
}

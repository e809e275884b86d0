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
export function scopedRequestId(): string | undefined {
  const current = scope.getStore();
  return typeof current === 'string' ? current : current?.requestId;
}

/** The pace of the paced job running now, if any. */
export function scopedPace(): WorkPace | undefined {
  const current = scope.getStore();
  return typeof current === 'object' ? current.pace : undefined;
}

/** Runs `work` as part of the request `requestId`, outside any pace (a request is never paced). */
export function runInRequestScope<T>(requestId: string, work: () => T): T {
  return scope.run(requestId, work);
}

/** Runs `work` under `pace`, keeping the request id of the work that starts it. */
export function runInPacedScope<T>(pace: WorkPace, work: () => T): T {
  return scope.run({ requestId: scopedRequestId(), pace }, work);
}

/** Runs `work` with no request id, keeping the current pace (shared work one request happens to start). */
export function runWithoutRequestId<T>(work: () => T): T {
  const pace = scopedPace();
  return scope.run(pace ? { requestId: undefined, pace } : undefined, work);
}

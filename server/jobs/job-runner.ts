import type { ClaimedJob, JobsRepository } from '../db/repositories/jobs.repository';
import type { Clock } from '../domain/shared/clock';
import { JOB_REQUEST_ID_KEY } from '../db/repositories/jobs.repository';
import { isRequestId } from '../observability/request-id';
import { runOutsideRequest, runWithPace, runWithRequestId, type WorkPace } from '../observability/work-scope';
import { retryDelayMs } from './job-backoff';
import { createScheduler, type JobSchedule } from './job-schedules';

/** What a handler learns about the job it runs; `attempts` counts this one (1 on the first run). */
export interface JobInfo {
  id: number;
  kind: string;
  attempts: number;
}
/** Runs one job. Throwing fails the attempt: it is retried later, and after the last attempt the job is dead. */
export type JobHandler = (payload: Record<string, unknown>, job: JobInfo) => Promise<void>;
/** Where failures are told: `(message, details)`; wrap a pino logger as `(m, d) => log.warn(d, m)`. */
/** A log line about a job; `info` only for the end of a job a request enqueued (its trace ends there). */
export type JobLog = (message: string, details: Record<string, unknown>, level?: 'info' | 'warn') => void;

export interface JobRunnerOptions {
  jobs: JobsRepository;
  clock: Clock;
  /** One handler per kind; a runner claims only the kinds it has a handler for. */
  handlers: Record<string, JobHandler>;
  /** Kinds enqueued once per period (key `kind@<period-start ISO>`), by every runner alike. */
  schedules?: JobSchedule[];
  /** How many jobs of a kind this runner runs at once; kinds not named get `DEFAULT_CONCURRENCY`. */
  concurrency?: Record<string, number>;
  /** Attempts before a job is dead (default 8). */
  maxAttempts?: number;
  /** The wait after the first failure, doubled after each further one (default 2 min), up to `retryMaxMs` (default 6 h). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claim holds a job; a runner that dies mid-job lets it go when this runs out (default 5 min). */
  leaseMs?: number;
  /** How often a started runner looks for due jobs while it finds none (default 2 s). */
  pollMs?: number;
  log?: JobLog;
  /** Told of every finished and failed job (metrics). */
  observer?: JobObserver;
}

/** How `start` runs the jobs in the background. */
export interface JobRunnerStart {
  /** Replaces the runner's own log (the app's logger). */
  log?: JobLog;
  /** Paces every job and every step of its batches (the web process's loop budget, `loop-budget.ts`). */
  pace?: WorkPace;
  /**
   * The schedules due at the start are made due this far apart, the first this long after the
   * start, instead of all at once: a first start over an imported database does not run every
   * sweep in its first second. Default 0 (all at once, as `runDue` does).
   */
  startSpacingMs?: number;
}

export interface JobObserver {
  finished(kind: string): void;
  failed(kind: string, dead: boolean): void;
}

export const DEFAULT_CONCURRENCY = 2;
const SWEEP_EVERY_MS = 60_000;

const consoleLog: JobLog = (message, details, level = 'warn') => (level === 'info' ? console.info : console.warn)(message, details);

/**
 * The durable queue's runner. Every app instance runs one unless WORKER=off, and
 * `npm run worker` runs one on its own; SKIP LOCKED claims keep them from taking the same job.
 *
 * Each kind has its own lane: the runner claims at most twice its concurrency ahead, runs up
 * to its concurrency at once, and claims again as soon as the lane has room, so a backlog
 * drains at the handlers' pace, not the poll's. Only kinds found empty wait for the next poll.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { jobs, clock, handlers } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryBaseMs = options.retryBaseMs ?? 120_000;
  const retryMaxMs = options.retryMaxMs ?? 6 * 3_600_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const pollMs = options.pollMs ?? 2_000;
  let log = options.log ?? consoleLog;
  const scheduler = createScheduler({ jobs, schedules: options.schedules ?? [] });
  const kinds = Object.keys(handlers);
  const lanes = new Map(
    kinds.map((kind) => [
      kind,
      { limit: Math.max(1, options.concurrency?.[kind] ?? DEFAULT_CONCURRENCY), running: 0, waiting: [] as ClaimedJob[], idleUntil: 0 },
    ]),
  );
  const active = new Set<Promise<void>>();

  let started = false;
  /** While stopping, claimed jobs not yet started stay unstarted and are given back. */
  let stopping = false;
  let ticking: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSweep = 0;
  /** Set by `start` for the background run: each job, and each step of its batches, waits for its turn. */
  let pace: WorkPace | null = null;
  /** The start's spacing, until its first schedules are enqueued. */
  let startSpacingMs = 0;

  /**
   * Runs a job as part of the request that enqueued it, when it carries one: the jobs it
   * enqueues in turn carry the same id, and so does every line logged about it.
   */
  function runOne(job: ClaimedJob): Promise<void> {
    const { [JOB_REQUEST_ID_KEY]: requestId, ...payload } = job.payload;
    const current = pace;
    const handle = () => runHandler(job, payload, isRequestId(requestId) ? requestId : undefined);
    const run = current ? () => current.turn().then(() => runWithPace(current, handle)) : handle;
    return isRequestId(requestId) ? runWithRequestId(requestId, run) : runOutsideRequest(run);
  }

  async function runHandler(job: ClaimedJob, payload: Record<string, unknown>, requestId: string | undefined): Promise<void> {
    const started = performance.now();
    try {
      await handlers[job.kind](payload, { id: job.id, kind: job.kind, attempts: job.attempts });
    } catch (error) {
      await recordFailure(job, error, requestId);
      return;
    }
    options.observer?.finished(job.kind);
    // A request's trace ends where its last job does; scheduled work (digests to thousands)
    // carries no request id and logs only its failures.
    if (requestId)
      log(
        `job ${job.kind} #${job.id} done`,
        { kind: job.kind, jobId: job.id, requestId, attempts: job.attempts, ms: Math.round(performance.now() - started) },
        'info',
      );
    await markDone(job.id);
  }

  // Done jobs are written in groups: the ids that finish while one write is under way go
  // together in the next. One commit per job capped a backlog at a few hundred jobs a second.
  let doneIds: number[] = [];
  let writing: Promise<void> | null = null;
  function markDone(id: number): Promise<void> {
    doneIds.push(id);
    writing ??= (async () => {
      while (doneIds.length) {
        const ids = doneIds;
        doneIds = [];
        await jobs.complete(ids, clock.now()).catch((error: unknown) =>
          // Their leases run out and they run again: at least once, never lost.
          log(`${ids.length} finished jobs could not be marked done`, { jobIds: ids.slice(0, 20), error: String(error) }),
        );
      }
      writing = null;
    })();
    return writing;
  }

  async function recordFailure(job: ClaimedJob, error: unknown, requestId: string | undefined): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const now = clock.now();
    const dead = job.attempts >= maxAttempts;
    options.observer?.failed(job.kind, dead);
    const retryAt = dead ? null : new Date(now.getTime() + retryDelayMs(job.attempts, retryBaseMs, retryMaxMs));
    log(dead ? `job ${job.kind} #${job.id} failed for the last time: dead` : `job ${job.kind} #${job.id} failed`, {
      kind: job.kind,
      jobId: job.id,
      ...(requestId && { requestId }),
      attempts: job.attempts,
      error: message,
      ...(retryAt ? { retryAt: retryAt.toISOString() } : { dead: true }),
    });
    try {
      if (retryAt) await jobs.retryLater(job.id, message, retryAt);
      else await jobs.markDead(job.id, message, now);
    } catch (writeError) {
      // The lease runs out and the job is claimed again: nothing is lost, it is only late.
      log(`job ${job.kind} #${job.id}: its failure could not be recorded`, {
        kind: job.kind,
        jobId: job.id,
        ...(requestId && { requestId }),
        error: String(writeError),
      });
    }
  }

  /** Starts what the kind's lane has room for; each finished job makes room for the next. */
  function launch(kind: string): void {
    const lane = lanes.get(kind)!;
    while (!stopping && lane.running < lane.limit && lane.waiting.length) {
      const job = lane.waiting.shift()!;
      lane.running += 1;
      const run: Promise<void> = runOne(job)
        .catch((error: unknown) => log(`job ${job.kind} #${job.id} could not be completed`, { kind: job.kind, jobId: job.id, error: String(error) }))
        .finally(() => {
          lane.running -= 1;
          active.delete(run);
          launch(kind);
          if (!lane.waiting.length) pump();
        });
      active.add(run);
    }
  }

  /** Claims for every lane whose claimed jobs have all started, up to twice its concurrency. */
  async function claim(polling: boolean): Promise<number> {
    const wallClock = Date.now();
    const wanted = kinds
      .map((kind) => ({ kind, lane: lanes.get(kind)! }))
      .filter(({ lane }) => !lane.waiting.length && (!polling || lane.idleUntil <= wallClock))
      .map(({ kind, lane }) => ({ kind, limit: lane.limit * 2 - lane.running }))
      .filter((entry) => entry.limit > 0);
    if (!wanted.length) return 0;
    const claimed = await jobs.claimDue(clock.now(), wanted, leaseMs, maxAttempts);
    for (const job of claimed) lanes.get(job.kind)!.waiting.push(job);
    for (const { kind, limit } of wanted) {
      const lane = lanes.get(kind)!;
      // A kind that had fewer due jobs than room is empty for now: it waits for the next poll.
      lane.idleUntil = lane.waiting.length < limit ? wallClock + pollMs : 0;
      launch(kind);
    }
    return claimed.length;
  }

  async function housekeep(spacingMs = 0): Promise<void> {
    const now = clock.now();
    await scheduler.enqueueDue(now, spacingMs);
    if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await jobs.markAbandonedDead(now, maxAttempts);
    }
  }

  async function tick(): Promise<void> {
    do {
      again = false;
      try {
        await housekeep(startSpacingMs);
        startSpacingMs = 0;
        // More may be due than there was room for: claim again at once while claims bring jobs.
        if ((await claim(true)) > 0) again = true;
      } catch (error) {
        log('the job runner could not reach the database; it tries again shortly', { error: error instanceof Error ? error.message : String(error) });
        break;
      }
    } while (again && started);
  }

  /** Looks for work now instead of at the next poll (a lane has room again). */
  function pump(): void {
    if (!started) return;
    if (ticking) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    ticking = tick().finally(() => {
      ticking = null;
      if (started) timer = setTimeout(pump, pollMs);
    });
  }

  /** A job may be due that was not a moment ago (one was just enqueued): every kind is looked at now. */
  function wake(): void {
    for (const lane of lanes.values()) lane.idleUntil = 0;
    pump();
  }

  return {
    /**
     * Runs every due job now and waits for them (tests, the admin CLI): schedules are
     * enqueued, lanes are filled and drained until nothing more is due or `limit` ran.
     */
    async runDue(limit = 100): Promise<number> {
      await housekeep();
      let total = 0;
      while (total < limit) {
        const claimed = await claim(false);
        if (!claimed) break;
        total += claimed;
        while (active.size) await Promise.all([...active]);
      }
      return total;
    },
    /** Runs jobs in the background until `stop`. */
    start(startOptions: JobRunnerStart = {}) {
      if (started) return;
      if (startOptions.log) log = startOptions.log;
      pace = startOptions.pace ?? null;
      startSpacingMs = startOptions.startSpacingMs ?? 0;
      started = true;
      pump();
    },
    wake,
    /** Stops claiming, gives back jobs claimed but not started, and waits for those running. */
    async stop() {
      stopping = true;
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      try {
        await ticking;
        const unstarted = [...lanes.values()].flatMap((lane) => lane.waiting.splice(0));
        await jobs.release(unstarted.map((job) => job.id)).catch(() => {});
        while (active.size) await Promise.all([...active]);
      } finally {
        stopping = false;
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

import type { JobsRepository } from '../db/repositories/jobs.repository';

/**
 * A kind enqueued once per period (a digest, a clean-up), with this payload plus `periodStart`
 * (ISO), so that its handler knows which period it serves.
 */
export interface JobSchedule {
  kind: string;
  everyMs: number;
  /**
   * Where in the period it begins, counted from the Unix epoch (a Thursday, 00:00 UTC): a weekly
   * digest wants a Sunday evening, not a Thursday midnight. Default 0.
   */
  offsetMs?: number;
  /**
   * How late into its period a runner may still enqueue the period's job; past it, the period is
   * left out. A weekly digest is then not sent on a Wednesday because the server first started
   * (or came back after an outage) then: a first start over an imported database would otherwise
   * mail every member at once while they browse. Default: any time in the period.
   */
  lateLimitMs?: number;
  payload?: Record<string, unknown>;
}

/** Periods are counted from the Unix epoch (plus the offset), so every instance agrees on where one begins. */
export function periodStartOf(now: Date, everyMs: number, offsetMs = 0): Date {
  return new Date(Math.floor((now.getTime() - offsetMs) / everyMs) * everyMs + offsetMs);
}

/** The idempotency key of a schedule's job for one period: `kind@<period-start ISO>`. */
export function scheduleKey(kind: string, periodStart: Date): string {
  return `${kind}@${periodStart.toISOString()}`;
}

/**
 * Enqueues each schedule's job for the current period. Every instance and worker does so on
 * every tick; the key makes all but the first enqueue of a period a no-op, so the kind runs
 * once per period however many runners there are. A runner remembers which periods it has
 * already enqueued (or left out, past their late limit), so a tick costs a query only when a
 * period begins.
 */
export function createScheduler(deps: { jobs: Pick<JobsRepository, 'enqueue'>; schedules: JobSchedule[] }) {
  for (const schedule of deps.schedules) {
    if (!(schedule.everyMs >= 1000)) throw new Error(`The schedule of "${schedule.kind}" must repeat at most once a second`);
  }
  const enqueued = new Map<string, number>();
  return {
    /**
     * `spacingMs` (a runner's start): every period due now is made due one after another,
     * `spacingMs` apart in the schedules' order, the first `spacingMs` from now, instead of all
     * at once. The period and its key stay the same, so another runner that enqueued it first
     * still wins.
     */
    async enqueueDue(now: Date, spacingMs = 0): Promise<void> {
      let spaced = 0;
      for (const schedule of deps.schedules) {
        const periodStart = periodStartOf(now, schedule.everyMs, schedule.offsetMs);
        if (enqueued.get(schedule.kind) === periodStart.getTime()) continue;
        if (schedule.lateLimitMs !== undefined && now.getTime() - periodStart.getTime() > schedule.lateLimitMs) {
          enqueued.set(schedule.kind, periodStart.getTime());
          continue;
        }
        const runAt = spacingMs > 0 ? new Date(now.getTime() + ++spaced * spacingMs) : periodStart;
        await deps.jobs.enqueue(schedule.kind, { ...schedule.payload, periodStart: periodStart.toISOString() }, runAt, now, {
          key: scheduleKey(schedule.kind, periodStart),
        });
        enqueued.set(schedule.kind, periodStart.getTime());
      }
    },
  };
}

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/setup/test-database';
import type { DatabaseHandle } from '../db/client';
import { createJobsRepository, type JobsRepository } from '../db/repositories/jobs.repository';
import { jobs } from '../db/schema/index';
import { createManualClock } from '../domain/shared/clock';
import { CLEAN_UP_JOBS_JOB, cleanUpJobsSchedule, createJobCleanup } from './job-cleanup';
import { createJobQueue } from './job-queue';
import { runLimited } from '../domain/notifications/scheduled/run-limited';
import { createJobRunner, type JobHandler, type JobInfo, type JobRunnerOptions } from './job-runner';
import { createLoopBudget } from './loop-budget';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let database: DatabaseHandle;
let repository: JobsRepository;
let clock: ReturnType<typeof createManualClock>;
let logged: { message: string; details: Record<string, unknown> }[];

beforeAll(async () => {
  database = await createTestDatabase();
  repository = createJobsRepository(database.db);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
  clock = createManualClock(new Date('2026-03-02T10:00:00Z'));
  logged = [];
});

function runner(handlers: Record<string, JobHandler>, options: Partial<JobRunnerOptions> = {}) {
  return createJobRunner({ jobs: repository, clock, handlers, log: (message, details) => logged.push({ message, details }), ...options });
}

const enqueue = (kind: string, payload: Record<string, unknown> = {}, options: { delayMs?: number; key?: string } = {}) =>
  repository.enqueue(kind, payload, new Date(clock.now().getTime() + (options.delayMs ?? 0)), clock.now(), { key: options.key });

const rowsOf = (kind: string) => database.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);

function recorder() {
  const runs: { payload: Record<string, unknown>; job: JobInfo }[] = [];
  const handler: JobHandler = async (payload, job) => {
    runs.push({ payload, job });
  };
  return { runs, handler };
}

describe('jobRunner', () => {
  it('runs a delayed job once it is due, handing the handler its payload, id, kind and attempt', async () => {
    const greet = recorder();
    const jobRunner = runner({ greet: greet.handler });
    await enqueue('greet', { userId: 7 }, { delayMs: 10 * MINUTE });

    expect(await jobRunner.runDue()).toBe(0);
    clock.advance(10 * MINUTE);
    expect(await jobRunner.runDue()).toBe(1);

    const [row] = await rowsOf('greet');
    expect(greet.runs).toEqual([{ payload: { userId: 7 }, job: { id: row.id, kind: 'greet', attempts: 1 } }]);
    expect(row.doneAt).toEqual(clock.now());
    expect(await jobRunner.runDue()).toBe(0);
  });

  it('retries a failing job with exponential back-off, logging its kind and id each time', async () => {
    const attempts: number[] = [];
    const flaky: JobHandler = async (_payload, job) => {
      attempts.push(job.attempts);
      throw new Error(`mail server down (${job.attempts})`);
    };
    const jobRunner = runner({ flaky }, { retryBaseMs: MINUTE });
    await enqueue('flaky');
    const [{ id }] = await rowsOf('flaky');

    await jobRunner.runDue();
    expect((await rowsOf('flaky'))[0]).toMatchObject({
      runAt: new Date(clock.now().getTime() + MINUTE),
      lastError: 'mail server down (1)',
      deadAt: null,
      lockedUntil: null,
    });
    clock.advance(MINUTE - 1);
    expect(await jobRunner.runDue()).toBe(0);
    clock.advance(1);
    await jobRunner.runDue();
    // The second failure waits twice as long, the third four times.
    expect((await rowsOf('flaky'))[0].runAt).toEqual(new Date(clock.now().getTime() + 2 * MINUTE));
    clock.advance(2 * MINUTE);
    await jobRunner.runDue();
    expect((await rowsOf('flaky'))[0].runAt).toEqual(new Date(clock.now().getTime() + 4 * MINUTE));

    expect(attempts).toEqual([1, 2, 3]);
    expect(logged).toHaveLength(3);
    for (const [index, entry] of logged.entries()) {
      expect(entry.message).toContain(`flaky #${id}`);
      expect(entry.details).toMatchObject({ kind: 'flaky', jobId: id, attempts: index + 1, error: `mail server down (${index + 1})` });
    }
  });

  it('marks a job dead after its last attempt: visible, never claimed again, and run again when an operator retries it', async () => {
    let fail = true;
    const runs: number[] = [];
    const jobRunner = runner(
      {
        broken: async (_payload, job) => {
          runs.push(job.attempts);
          if (fail) throw new Error('template missing');
        },
      },
      { maxAttempts: 3, retryBaseMs: MINUTE },
    );
    await enqueue('broken');
    for (let round = 0; round < 3; round++) {
      await jobRunner.runDue();
      clock.advance(HOUR);
    }
    const [dead] = await rowsOf('broken');
    expect(dead).toMatchObject({ attempts: 3, lastError: 'template missing', doneAt: null, lockedUntil: null });
    expect(dead.deadAt).toEqual(new Date(clock.now().getTime() - HOUR));
    // Not parked at a far-off date: its run_at is that of its last attempt.
    expect(dead.runAt.getTime()).toBeLessThan(clock.now().getTime());
    expect(logged.at(-1)!.details).toMatchObject({ kind: 'broken', jobId: dead.id, dead: true });

    clock.advance(365 * DAY);
    expect(await jobRunner.runDue()).toBe(0);
    expect(runs).toEqual([1, 2, 3]);
    expect((await repository.listFailures(10)).map((row) => row.id)).toEqual([dead.id]);

    fail = false;
    expect(await repository.retryNow(dead.id, clock.now())).toBe(true);
    expect(await jobRunner.runDue()).toBe(1);
    expect(runs).toEqual([1, 2, 3, 1]);
    expect((await rowsOf('broken'))[0]).toMatchObject({ deadAt: null, lastError: null, attempts: 1 });
    expect(await repository.listFailures(10)).toEqual([]);
    // A done job is not retried.
    expect(await repository.retryNow(dead.id, clock.now())).toBe(false);
  });

  it('marks a job dead whose last attempt never came back once its lease has run out', async () => {
    await enqueue('crashing');
    // Three runners claimed it and died mid-job (the lease is the only trace).
    for (let claim = 0; claim < 3; claim++) {
      expect(await repository.claimDue(clock.now(), [{ kind: 'crashing', limit: 1 }], MINUTE, 3)).toHaveLength(1);
      clock.advance(MINUTE + 1);
    }
    const jobRunner = runner({ crashing: async () => {} }, { maxAttempts: 3 });
    expect(await jobRunner.runDue()).toBe(0);
    const [row] = await rowsOf('crashing');
    expect(row.deadAt).toEqual(clock.now());
    expect(row.lastError).toMatch(/never finished/);
  });

  it('runs a job enqueued twice with the same key once', async () => {
    const welcome = recorder();
    const jobRunner = runner({ welcome: welcome.handler });
    expect(await enqueue('welcome', { userId: 1 }, { key: 'welcome:1' })).toBe(true);
    expect(await enqueue('welcome', { userId: 1 }, { key: 'welcome:1' })).toBe(false);
    expect(await enqueue('welcome', { userId: 2 }, { key: 'welcome:2' })).toBe(true);
    await jobRunner.runDue();
    // Even once done, the key still holds.
    expect(await enqueue('welcome', { userId: 1 }, { key: 'welcome:1' })).toBe(false);
    await jobRunner.runDue();
    expect(welcome.runs.map((run) => run.payload.userId).sort()).toEqual([1, 2]);
  });

  it('runs no more jobs of a kind at once than its concurrency, other kinds beside them', async () => {
    const running = { mail: 0, purge: 0 };
    const peak = { mail: 0, purge: 0 };
    const handler =
      (kind: keyof typeof running): JobHandler =>
      async () => {
        running[kind] += 1;
        peak[kind] = Math.max(peak[kind], running[kind]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running[kind] -= 1;
      };
    const jobRunner = runner({ mail: handler('mail'), purge: handler('purge') }, { concurrency: { mail: 3 } });
    for (let index = 0; index < 20; index++) await enqueue('mail', { index });
    for (let index = 0; index < 5; index++) await enqueue('purge', { index });

    expect(await jobRunner.runDue(100)).toBe(25);
    expect(peak).toEqual({ mail: 3, purge: 2 });
  });

  it('leaves the due jobs of a kind at its limit to other runners', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const report = () => {
      firstStarted();
      return blocked;
    };
    const slow = runner({ report }, { concurrency: { report: 1 } });
    for (let index = 0; index < 5; index++) await enqueue('report', { index });

    const slowRun = slow.runDue();
    // Its claim is made before its first job starts.
    await started;
    // The first runner took only its room (one running, one ahead); the rest are claimable.
    const locked = await database.db.execute(sql`select count(*)::int as count from jobs where locked_until is not null`);
    expect((locked as unknown as { rows: { count: number }[] }).rows[0].count).toBe(2);
    const other = recorder();
    expect(await runner({ report: other.handler }).runDue()).toBe(3);
    release();
    expect(await slowRun).toBe(2);
    expect(other.runs).toHaveLength(3);
  });

  it('enqueues a schedule once per period however many runners tick, keyed kind@period-start', async () => {
    const digest = recorder();
    const schedules = [{ kind: 'digest', everyMs: DAY, payload: { edition: 'daily' } }];
    const first = runner({ digest: digest.handler }, { schedules });
    const second = runner({ digest: digest.handler }, { schedules });

    await first.runDue();
    await second.runDue();
    clock.advance(HOUR);
    await second.runDue();
    await first.runDue();
    expect(digest.runs.map((run) => run.payload)).toEqual([{ edition: 'daily', periodStart: '2026-03-02T00:00:00.000Z' }]);

    clock.advance(DAY);
    await second.runDue();
    await first.runDue();
    expect(digest.runs).toHaveLength(2);
    expect((await rowsOf('digest')).map((row) => row.key)).toEqual(['digest@2026-03-02T00:00:00.000Z', 'digest@2026-03-03T00:00:00.000Z']);
  });

  it('drains a backlog when started, claiming again as jobs finish instead of waiting for the next poll', async () => {
    const send = recorder();
    // A poll a minute apart: only claims on finishing can drain 60 jobs in the time given.
    const jobRunner = runner({ send: send.handler }, { pollMs: MINUTE, concurrency: { send: 4 } });
    for (let index = 0; index < 60; index++) await enqueue('send', { index });
    jobRunner.start();
    const deadline = Date.now() + 10_000;
    while (send.runs.length < 60 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await jobRunner.stop();
    expect(send.runs).toHaveLength(60);
    expect((await rowsOf('send')).every((row) => row.doneAt)).toBe(true);
  });

  it('gives back the jobs it claimed but never started when it stops', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    // Stopped once the first job runs (a fixed wait lost the race on a loaded machine: stopped
    // before anything had started, nothing was done).
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const exportJob = () => {
      firstStarted();
      return blocked;
    };
    const jobRunner = runner({ export: exportJob }, { concurrency: { export: 1 }, pollMs: MINUTE });
    await enqueue('export', { index: 1 });
    await enqueue('export', { index: 2 });
    jobRunner.start();
    await started;
    const stopping = jobRunner.stop();
    release();
    await stopping;
    const rows = await rowsOf('export');
    expect(rows.filter((row) => row.doneAt)).toHaveLength(1);
    // The other is free at once for another runner, its claim not counted as an attempt.
    expect(rows.find((row) => !row.doneAt)).toMatchObject({ lockedUntil: null, attempts: 0 });
  });

  it('wakes the in-process runner when a job due now is enqueued', async () => {
    const ping = recorder();
    const jobRunner = runner({ ping: ping.handler }, { pollMs: MINUTE });
    const queue = createJobQueue({ jobs: repository, clock, onEnqueued: () => jobRunner.wake() });
    jobRunner.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await queue.enqueue('ping', { n: 1 })).toBe(true);
    expect(await queue.enqueue('ping', { n: 2 }, { delayMs: HOUR, key: 'later' })).toBe(true);
    expect(await queue.enqueue('ping', { n: 3 }, { delayMs: HOUR, key: 'later' })).toBe(false);
    const deadline = Date.now() + 5_000;
    while (!ping.runs.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await jobRunner.stop();
    expect(ping.runs.map((run) => run.payload)).toEqual([{ n: 1 }]);
  });
});

describe('jobRunner under a loop budget (the web process)', () => {
  /** Polls until `done` holds (at most 10 s): the runner works in the background. */
  async function until(done: () => boolean | Promise<boolean>) {
    const deadline = Date.now() + 10_000;
    while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  it('runs every job and every member of its batches to completion, one turn each, while the loop is always over its share', async () => {
    // A loop that always reads 100 % busy: the work gets only its minimum pace, never none.
    const budget = createLoopBudget({ share: 0.5, minStepMs: 1, sampleMs: 1, measure: () => () => 1 });
    let turns = 0;
    const pace = { turn: () => (turns++, budget.turn()) };
    const sent: number[] = [];
    const batch: JobHandler = (payload) =>
      runLimited(
        Array.from({ length: 20 }, (_, index) => Number(payload.batch) * 100 + index),
        4,
        async (member) => void sent.push(member),
      );
    const jobRunner = runner({ batch }, { concurrency: { batch: 2 }, pollMs: MINUTE });
    for (let index = 0; index < 10; index++) await enqueue('batch', { batch: index });
    jobRunner.start({ pace });
    await until(async () => (await rowsOf('batch')).every((row) => row.doneAt));
    await jobRunner.stop();
    expect(sent).toHaveLength(200);
    expect(new Set(sent).size).toBe(200);
    // Each job waited for a turn before it began, and each member of its batch before its mail.
    expect(turns).toBe(10 + 200);
    expect((await rowsOf('batch')).every((row) => row.doneAt)).toBe(true);
  });

  it('makes the schedules due at its start due one after another, then runs them as they fall due', async () => {
    const ran: string[] = [];
    const jobRunner = runner(
      { hourly: async () => void ran.push('hourly'), daily: async () => void ran.push('daily') },
      {
        schedules: [
          { kind: 'hourly', everyMs: HOUR },
          { kind: 'daily', everyMs: DAY },
        ],
        pollMs: MINUTE,
      },
    );
    jobRunner.start({ startSpacingMs: 20 * MINUTE });
    await until(async () => (await rowsOf('daily')).length > 0);
    await jobRunner.stop();
    const start = clock.now().getTime();
    expect((await rowsOf('hourly'))[0].runAt).toEqual(new Date(start + 20 * MINUTE));
    expect((await rowsOf('daily'))[0].runAt).toEqual(new Date(start + 40 * MINUTE));
    expect(ran).toEqual([]);

    clock.advance(20 * MINUTE);
    await jobRunner.runDue();
    expect(ran).toEqual(['hourly']);
    clock.advance(20 * MINUTE);
    await jobRunner.runDue();
    expect(ran).toEqual(['hourly', 'daily']);
  });
});

describe('job clean-up', () => {
  it('deletes done jobs after 14 days and dead ones after 90, keeping the rest', async () => {
    const jobRunner = runner(
      { work: async () => {}, [CLEAN_UP_JOBS_JOB]: createJobCleanup({ jobs: repository, clock }) },
      { schedules: [cleanUpJobsSchedule] },
    );
    await enqueue('work', { age: 'old' });
    await jobRunner.runDue();
    clock.advance(10 * DAY);
    await enqueue('work', { age: 'recent' });
    await enqueue('work', { age: 'pending' }, { delayMs: 30 * DAY });
    await jobRunner.runDue();
    expect(await rowsOf('work')).toHaveLength(3);

    clock.advance(5 * DAY);
    await jobRunner.runDue();
    expect((await rowsOf('work')).map((row) => row.payload.age)).toEqual(['recent', 'pending']);
  });
});

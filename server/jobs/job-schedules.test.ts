import { describe, expect, it } from 'vitest';
import { createScheduler, periodStartOf, scheduleKey } from './job-schedules';

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const SUNDAY_EVENING = (3 * 24 + 17) * HOUR; // the epoch is a Thursday

describe('schedule periods', () => {
  it('count from the epoch, so every instance agrees', () => {
    expect(periodStartOf(new Date('2026-03-02T09:30:00Z'), 24 * HOUR).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(scheduleKey('digest', new Date('2026-03-02T00:00:00Z'))).toBe('digest@2026-03-02T00:00:00.000Z');
  });

  it('begin where the offset says: a weekly period on Sunday at 17:00 UTC', () => {
    // Wednesday 2026-11-25: the period began the Sunday before, at 17:00.
    expect(periodStartOf(new Date('2026-11-25T05:00:00Z'), WEEK, SUNDAY_EVENING).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    // Sunday 16:59 still belongs to the week before; 17:00 starts the next.
    expect(periodStartOf(new Date('2026-11-29T16:59:59Z'), WEEK, SUNDAY_EVENING).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(periodStartOf(new Date('2026-11-29T17:00:00Z'), WEEK, SUNDAY_EVENING).toISOString()).toBe('2026-11-29T17:00:00.000Z');
  });
});

describe('the scheduler', () => {
  const weeklyDigest = { kind: 'digest', everyMs: WEEK, offsetMs: SUNDAY_EVENING, lateLimitMs: 6 * HOUR };
  const scheduler = () => {
    const keys: string[] = [];
    const jobs = { enqueue: async (_kind: string, _payload: unknown, _runAt: Date, _now: Date, options: { key: string }) => void keys.push(options.key) };
    return {
      keys,
      scheduler: createScheduler({ jobs: jobs as never, schedules: [weeklyDigest, { kind: 'sweep', everyMs: 15 * 60_000, offsetMs: 7 * 60_000 }] }),
    };
  };

  it('leaves a period out when it starts past the late limit: a Wednesday start sends no weekly digest', async () => {
    const { keys, scheduler: wednesday } = scheduler();
    await wednesday.enqueueDue(new Date('2026-11-25T10:00:00Z'));
    await wednesday.enqueueDue(new Date('2026-11-25T10:01:00Z'));
    // The sweep without a limit runs in its current period, at its own minute (:07, :22, :37, :52).
    expect(keys).toEqual(['sweep@2026-11-25T09:52:00.000Z']);
    await wednesday.enqueueDue(new Date('2026-11-29T17:00:30Z'));
    expect(keys).toContain('digest@2026-11-29T17:00:00.000Z');
  });

  it('still enqueues a period a runner reaches within the late limit, after a short outage', async () => {
    const { keys, scheduler: sundayNight } = scheduler();
    await sundayNight.enqueueDue(new Date('2026-11-29T22:59:00Z'));
    expect(keys).toContain('digest@2026-11-29T17:00:00.000Z');
  });

  it('at a start with spacing, makes the sweeps due one after another instead of all at once', async () => {
    const due: Array<[string, string]> = [];
    const jobs = { enqueue: async (kind: string, _payload: unknown, runAt: Date) => void due.push([kind, runAt.toISOString()]) };
    const schedules = [
      { kind: 'promotions', everyMs: 10 * 60_000 },
      { kind: 'reminders', everyMs: 15 * 60_000, offsetMs: 7 * 60_000 },
      { kind: 'cleanup', everyMs: 24 * HOUR },
    ];
    const runner = createScheduler({ jobs: jobs as never, schedules });
    await runner.enqueueDue(new Date('2026-11-25T10:03:00Z'), 20_000);
    expect(due).toEqual([
      ['promotions', '2026-11-25T10:03:20.000Z'],
      ['reminders', '2026-11-25T10:03:40.000Z'],
      ['cleanup', '2026-11-25T10:04:00.000Z'],
    ]);
    // Later periods begin while the runner runs: each is due when it begins, as without spacing.
    await runner.enqueueDue(new Date('2026-11-25T10:10:00Z'));
    expect(due[3]).toEqual(['promotions', '2026-11-25T10:10:00.000Z']);
  });
});

import { describe, expect, it } from 'vitest';
import { periodStartOf, scheduleKey } from './job-schedules';

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

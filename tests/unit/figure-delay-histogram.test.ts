import { describe, expect, it } from 'vitest';
import { bucketHours, delaySummary } from '../../server/db/repositories/figure-delay-histogram';

/** The bucket `figure_delay_bucket` (migration 0044) gives a delay, in TypeScript for the test. */
const bucketOf = (hours: number) => (hours * 60 < 1 ? 0 : 1 + Math.floor(Math.log(hours * 60) / Math.log(1.04)));
const categoryOf = (hours: number) => (hours < 1 ? 0 : hours < 24 ? 1 : hours < 168 ? 2 : hours < 720 ? 3 : 4);

/** PostgreSQL's percentile_cont on the exact delays. */
function exactPercentile(values: number[], fraction: number) {
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const below = Math.floor(position);
  return sorted[below] + (sorted[Math.ceil(position)] - sorted[below]) * (position - below);
}

function countsOf(hours: number[]) {
  const byKey = new Map<string, { category: number; bucket: number; buyers: number }>();
  for (const value of hours) {
    const key = `${categoryOf(value)}:${bucketOf(value)}`;
    const count = byKey.get(key) ?? { category: categoryOf(value), bucket: bucketOf(value), buyers: 0 };
    count.buyers += 1;
    byKey.set(key, count);
  }
  return [...byKey.values()];
}

describe('delaySummary', () => {
  it('gives each bucket the middle of its 4 % step', () => {
    expect(bucketHours(0)).toBeCloseTo(0.5 / 60, 9);
    for (const hours of [0.02, 0.5, 3, 30, 400, 5000]) expect(Math.abs(bucketHours(bucketOf(hours)) / hours - 1)).toBeLessThan(0.02);
  });

  it('counts every delay exactly and estimates the median and 90th percentile within 2 %', () => {
    let state = 42;
    const random = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const hours = Array.from({ length: 2_000 }, () => 0.01 + random() ** 4 * 2_000);
    const summary = delaySummary(countsOf(hours));
    expect([summary.withinHour, summary.withinDay, summary.withinWeek, summary.withinMonth, summary.later]).toEqual(
      [0, 1, 2, 3, 4].map((category) => hours.filter((value) => categoryOf(value) === category).length),
    );
    expect(Math.abs(summary.medianHours! / exactPercentile(hours, 0.5) - 1)).toBeLessThan(0.02);
    expect(Math.abs(summary.p90Hours! / exactPercentile(hours, 0.9) - 1)).toBeLessThan(0.02);
  });

  it('interpolates between two buyers as percentile_cont does, and answers null without buyers', () => {
    const summary = delaySummary(countsOf([0.5, 24]));
    expect(Math.abs(summary.medianHours! / 12.25 - 1)).toBeLessThan(0.02);
    expect(delaySummary([])).toEqual({ medianHours: null, p90Hours: null, withinHour: 0, withinDay: 0, withinWeek: 0, withinMonth: 0, later: 0 });
  });
});

import type { DelayCount, DelaySummary } from './business-figures.types';

/** The step of `figure_delay_bucket` (migration 0044): bucket k ≥ 1 holds [STEP^(k-1), STEP^k) minutes, bucket 0 less than a minute. */
const STEP = 1.04;

/** The value a bucket stands for: its geometric middle, so the error is at most half a step (2 %). */
export function bucketHours(bucket: number): number {
  const minutes = bucket <= 0 ? 0.5 : STEP ** (bucket - 0.5);
  return minutes / 60;
}

/**
 * The delays from the counts: exact counts per delay, and the median and 90th percentile
 * estimated as PostgreSQL's `percentile_cont` would compute them on the buckets' values
 * (linear interpolation between the two neighbouring members' delays).
 */
export function delaySummary(counts: DelayCount[]): DelaySummary {
  const perCategory = [0, 0, 0, 0, 0];
  for (const count of counts) perCategory[count.category] += count.buyers;
  const sorted = counts.filter((count) => count.buyers > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, count) => sum + count.buyers, 0);
  /** The delay of the `index`-th buyer, fastest first. */
  const delayAt = (index: number) => {
    let seen = 0;
    for (const count of sorted) {
      seen += count.buyers;
      if (index < seen) return bucketHours(count.bucket);
    }
    return bucketHours(sorted[sorted.length - 1].bucket);
  };
  const percentile = (fraction: number) => {
    if (!total) return null;
    const position = fraction * (total - 1);
    const below = Math.floor(position);
    const lower = delayAt(below);
    return lower + (delayAt(Math.ceil(position)) - lower) * (position - below);
  };
  return {
    medianHours: percentile(0.5),
    p90Hours: percentile(0.9),
    withinHour: perCategory[0],
    withinDay: perCategory[1],
    withinWeek: perCategory[2],
    withinMonth: perCategory[3],
    later: perCategory[4],
  };
}

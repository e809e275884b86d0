/**
 * The arithmetic of the console's bar charts, kept apart from drawing so it can be tested: a
 * value axis of whole, round steps that starts at zero, and which time ticks fit the width
 * without their labels running into each other.
 */

/** Round steps: 1, 2, 5, 10, 20, 50 … (counts and cents have no fractions). */
function roundStepAtLeast(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= rough) return Math.max(1, factor * power);
  return 10 * power;
}

/** Ticks of the value axis, from 0 to at least the largest value, about `count` of them. */
export function valueTicks(maxValue: number, count = 4): number[] {
  const step = roundStepAtLeast(Math.max(maxValue, 1) / count);
  const top = Math.max(step, Math.ceil(maxValue / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

/**
 * Which buckets get a label on the time axis: evenly spaced, never closer than `minGap` pixels,
 * always the last (the most recent, the one operators look for).
 */
export function timeTickIndexes(bucketCount: number, plotWidth: number, minGap: number): number[] {
  if (bucketCount === 0) return [];
  const slot = plotWidth / bucketCount;
  const every = Math.max(1, Math.ceil(minGap / slot));
  const indexes: number[] = [];
  for (let index = bucketCount - 1; index >= 0; index -= every) indexes.unshift(index);
  return indexes;
}

/** The bucket under a horizontal position in the plot, clamped to the buckets there are. */
export function bucketAt(x: number, plotWidth: number, bucketCount: number): number {
  const index = Math.floor((x / plotWidth) * bucketCount);
  return Math.min(bucketCount - 1, Math.max(0, index));
}

import { generateMersenne53Randomizer, type Randomizer } from '@faker-js/faker';

/** A table to draw from in proportion to the weights; `cumulative` holds the running totals. */
export interface WeightedTable<T> {
  values: T[];
  cumulative: Float64Array;
}

export function weightedTable<T>(entries: Array<[T, number]>): WeightedTable<T> {
  const cumulative = new Float64Array(entries.length);
  let total = 0;
  entries.forEach(([, weight], i) => (cumulative[i] = total += weight));
  return { values: entries.map(([value]) => value), cumulative };
}

export type Random = ReturnType<typeof createRandom>;

/** Faker's seeded Mersenne Twister, with the few draws the seed needs made cheap for a million rows. */
export function createRandom(seed: number | number[]) {
  const randomizer: Randomizer = generateMersenne53Randomizer();
  randomizer.seed(seed);
  const next = () => randomizer.next();
  const random = {
    next,
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)],
    weighted<T>(table: WeightedTable<T>): T {
      const { cumulative } = table;
      const roll = next() * cumulative[cumulative.length - 1];
      let [low, high] = [0, cumulative.length - 1];
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (cumulative[mid] > roll) high = mid;
        else low = mid + 1;
      }
      return table.values[low];
    },
    /** `k` distinct values, in random order. */
    sample<T>(values: readonly T[], k: number): T[] {
      const copy = [...values];
      for (let i = 0; i < k; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, k);
    },
    shuffle: <T>(values: T[]): T[] => random.sample(values, values.length),
  };
  return random;
}

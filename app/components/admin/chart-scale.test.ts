import { describe, expect, it } from 'vitest';
import { bucketAt, timeTickIndexes, valueTicks } from './chart-scale';

describe('valueTicks', () => {
  it('starts at zero and climbs in round steps past the largest value', () => {
    expect(valueTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(valueTicks(1999)).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('still draws an axis when every value is zero', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
  });
});

describe('timeTickIndexes', () => {
  it('labels every bucket when there is room', () => {
    expect(timeTickIndexes(12, 1200, 60)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('thins the labels on a narrow screen, keeping the most recent bucket', () => {
    const ticks = timeTickIndexes(30, 300, 60);
    expect(ticks.at(-1)).toBe(29);
    expect(ticks).toEqual([4, 10, 16, 22, 28].map((index) => index + 1));
  });
});

describe('bucketAt', () => {
  it('finds the bucket under the pointer and stays within the buckets', () => {
    expect(bucketAt(0, 300, 30)).toBe(0);
    expect(bucketAt(155, 300, 30)).toBe(15);
    expect(bucketAt(400, 300, 30)).toBe(29);
    expect(bucketAt(-5, 300, 30)).toBe(0);
  });
});

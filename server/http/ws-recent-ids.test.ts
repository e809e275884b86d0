import { describe, expect, it } from 'vitest';
import { RECENT_IDS_KEPT, RecentIds } from './ws-recent-ids';

describe('RecentIds', () => {
  it('knows the ids it was given, forgets the oldest first, and never counts an id twice', () => {
    const recent = new RecentIds(3);
    expect(recent.has(1)).toBe(false);
    recent.add(1);
    recent.add(2);
    recent.add(2);
    recent.add(3);
    // The repeated 2 took no place: all three are still known.
    expect([1, 2, 3].map((id) => recent.has(id))).toEqual([true, true, true]);
    recent.add(4);
    expect([1, 2, 3, 4].map((id) => recent.has(id))).toEqual([false, true, true, true]);
    recent.add(5);
    recent.add(6);
    expect([2, 3, 4, 5, 6].map((id) => recent.has(id))).toEqual([false, false, true, true, true]);
    // An empty place is not an id.
    expect(new RecentIds(2).has(0)).toBe(false);
  });

  it('keeps the last RECENT_IDS_KEPT ids of a busy tab, large ids included', () => {
    const recent = new RecentIds();
    const base = 2 ** 40;
    for (let id = base; id < base + 1000; id++) recent.add(id);
    expect(recent.has(base + 999)).toBe(true);
    expect(recent.has(base + 1000 - RECENT_IDS_KEPT)).toBe(true);
    expect(recent.has(base + 999 - RECENT_IDS_KEPT)).toBe(false);
  });

  it('finds ids that arrived out of order, and knows no id below the largest it was not given', () => {
    const recent = new RecentIds(4);
    recent.add(10);
    recent.add(7);
    recent.add(12);
    expect([7, 10, 12].map((id) => recent.has(id))).toEqual([true, true, true]);
    expect([8, 11, 13].map((id) => recent.has(id))).toEqual([false, false, false]);
    recent.add(11);
    recent.add(13);
    // 10 was the oldest: forgotten, though below the largest.
    expect([10, 7, 11, 12, 13].map((id) => recent.has(id))).toEqual([false, true, true, true, true]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spreadOverPeriod } from './spread-over-period';

describe('spreadOverPeriod', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('visits every item once per period, a share at each step, never all at once', async () => {
    const items = Array.from({ length: 100 }, (_, index) => index);
    const shares: number[][] = [];
    const chore = spreadOverPeriod({ periodMs: 1000, stepMs: 100, items: () => items, visit: (share) => void shares.push(share), onError: () => {} });

    await vi.advanceTimersByTimeAsync(1000);
    expect(shares).toHaveLength(10);
    expect(shares.every((share) => share.length === 10)).toBe(true);
    expect(shares.flat()).toEqual(items);

    await vi.advanceTimersByTimeAsync(1000);
    expect(shares.flat()).toEqual([...items, ...items]);
    chore.stop();
  });

  it('keeps the period with fewer items than steps, and takes items added later in the next round', async () => {
    const items = ['a', 'b'];
    const visits: string[] = [];
    const chore = spreadOverPeriod({ periodMs: 1000, stepMs: 100, items: () => [...items], visit: (share) => void visits.push(...share), onError: () => {} });

    await vi.advanceTimersByTimeAsync(500);
    items.push('c');
    await vi.advanceTimersByTimeAsync(500);
    expect(visits).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(visits).toEqual(['a', 'b', 'a', 'b', 'c']);
    chore.stop();
  });

  it('skips a step while the previous share is still being visited, and reports failures', async () => {
    const started: number[][] = [];
    const errors: unknown[] = [];
    let release = () => {};
    const chore = spreadOverPeriod({
      periodMs: 400,
      stepMs: 100,
      items: () => [1, 2, 3, 4],
      visit: (share) => {
        started.push(share);
        if (share[0] === 1) return new Promise<void>((resolve) => (release = resolve));
        throw new Error('lost connection');
      },
      onError: (error) => errors.push(error),
    });

    await vi.advanceTimersByTimeAsync(300);
    expect(started).toEqual([[1]]);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toEqual([[1], [2]]);
    expect(errors).toEqual([new Error('lost connection')]);
    chore.stop();
  });

  it('tells when a round is done: after its last share was visited, and when there was nothing to visit', async () => {
    const events: string[] = [];
    let release = () => {};
    let items = [1, 2];
    const chore = spreadOverPeriod({
      periodMs: 200,
      stepMs: 100,
      items: () => items,
      visit: (share) => {
        events.push(`visit ${share.join()}`);
        if (share[0] === 2) return new Promise<void>((resolve) => (release = resolve));
      },
      onError: () => {},
      onRoundDone: () => events.push('round done'),
    });

    await vi.advanceTimersByTimeAsync(200);
    expect(events).toEqual(['visit 1', 'visit 2']);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['visit 1', 'visit 2', 'round done']);
    items = [];
    await vi.advanceTimersByTimeAsync(200);
    expect(events).toEqual(['visit 1', 'visit 2', 'round done', 'round done']);
    chore.stop();
  });
});

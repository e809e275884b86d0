import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoopBudget } from './loop-budget';

/**
 * The budget on a fake clock: `busy` is what the next sample of the loop will say, and fake
 * timers stand in for setTimeout and setImmediate, so nothing here waits for real time.
 */
describe('the loop budget', () => {
  let busy = 0;
  const options = { share: 0.5, minStepMs: 50, sampleMs: 100, now: () => Date.now(), measure: () => () => busy };

  beforeEach(() => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'Date'] });
    busy = 0;
  });
  afterEach(() => vi.useRealTimers());

  /**
   * Asks for `count` turns at once and records when each is given, to the 10 ms below (fake
   * timers run a setImmediate a millisecond after the timer that queued it).
   */
  function ask(budget: ReturnType<typeof createLoopBudget>, count: number): number[] {
    const given: number[] = [];
    for (let i = 0; i < count; i++) void budget.turn().then(() => given.push(Math.floor(Date.now() / 10) * 10));
    return given;
  }

  it('gives every turn at once, after pending I/O, while the loop has room', async () => {
    const budget = createLoopBudget(options);
    const given = ask(budget, 5);
    // Not synchronously: a turn always lets the loop's pending callbacks run first.
    await Promise.resolve();
    expect(given).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(given).toEqual([0, 0, 0, 0, 0]);
  });

  it('slows to one step per minStepMs while the loop is busier than its share, oldest first', async () => {
    const budget = createLoopBudget(options);
    busy = 0.9;
    await vi.advanceTimersByTimeAsync(100);
    // The sample is taken on the next turn: the loop was 90 % busy.
    const given = ask(budget, 4);
    await vi.advanceTimersByTimeAsync(0);
    expect(budget.utilization()).toBe(0.9);
    expect(given).toEqual([100]);
    await vi.advanceTimersByTimeAsync(160);
    expect(given).toEqual([100, 150, 200, 250]);
  });

  it('lets every waiting step go once a sample shows room again', async () => {
    const budget = createLoopBudget({ ...options, minStepMs: 1000 });
    busy = 0.8;
    await vi.advanceTimersByTimeAsync(100);
    const given = ask(budget, 3);
    await vi.advanceTimersByTimeAsync(0);
    expect(given).toEqual([100]);
    busy = 0.2;
    await vi.advanceTimersByTimeAsync(105);
    expect(given).toEqual([100, 200, 200]);
  });

  it('never stops the work: under a loop that stays full, ten steps take nine minStepMs after the first', async () => {
    const budget = createLoopBudget(options);
    busy = 1;
    await vi.advanceTimersByTimeAsync(100);
    let steps = 0;
    const work = (async () => {
      for (let i = 0; i < 10; i++) {
        await budget.turn();
        steps++;
      }
    })();
    await vi.advanceTimersByTimeAsync(440);
    expect(steps).toBe(9);
    await vi.advanceTimersByTimeAsync(20);
    expect(steps).toBe(10);
    await work;
  });

  it('close lets the waiting steps go', async () => {
    const budget = createLoopBudget(options);
    busy = 1;
    await vi.advanceTimersByTimeAsync(100);
    const given = ask(budget, 3);
    await vi.advanceTimersByTimeAsync(0);
    budget.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(given).toHaveLength(3);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => createLoopBudget({ ...options, share: 0 })).toThrow(/loop share/);
    expect(() => createLoopBudget({ ...options, share: 1.5 })).toThrow(/loop share/);
  });
});

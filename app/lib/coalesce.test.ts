import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A task that stays in flight until the test lets it finish. */
function controllableTask() {
  const finishers: (() => void)[] = [];
  const task = vi.fn(() => new Promise<void>((resolve) => finishers.push(resolve)));
  return {
    task,
    finishNext: async () => {
      finishers.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe('coalesce', () => {
  it('runs a burst of calls once, after the delay', async () => {
    const { task, finishNext } = controllableTask();
    const refresh = coalesce(task, 200);
    for (let i = 0; i < 10; i++) refresh();
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(task).toHaveBeenCalledTimes(1);
    await finishNext();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('keeps one run in flight and runs once more for every call made meanwhile', async () => {
    const { task, finishNext } = controllableTask();
    const refresh = coalesce(task, 50);
    refresh();
    await vi.advanceTimersByTimeAsync(50);
    refresh();
    refresh();
    await vi.advanceTimersByTimeAsync(500);
    expect(task).toHaveBeenCalledTimes(1);
    await finishNext();
    await vi.advanceTimersByTimeAsync(50);
    expect(task).toHaveBeenCalledTimes(2);
    await finishNext();
    await vi.advanceTimersByTimeAsync(500);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('runs again after a failed run', async () => {
    const task = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const refresh = coalesce(task, 10);
    refresh();
    await vi.advanceTimersByTimeAsync(10);
    refresh();
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(2);
  });
});

import { performance } from 'node:perf_hooks';
import type { WorkPace } from '../observability/work-scope';

export interface LoopBudgetOptions {
  /**
   * How busy the event loop may be (0–1, measured over the last sample) for background work to
   * go on at full pace. Above it, members' requests are taking the loop: the work slows down.
   */
  share: number;
  /** While the loop is over its share, the work still takes one step at least this often: slower, never stopped. */
  minStepMs: number;
  /** How long one sample of the loop's utilization lasts (default 100 ms). */
  sampleMs?: number;
  /** Milliseconds on a monotonic clock (default `performance.now`); tests pass a fake one. */
  now?: () => number;
  /** Starts measuring the loop; the function returned gives its utilization (0–1) since (default: `eventLoopUtilization`). */
  measure?: () => () => number;
}

export interface LoopBudget extends WorkPace {
  /** The utilization of the latest complete sample. */
  utilization(): number;
  /** Lets every waiting step go and stops the timer (the runner stops). */
  close(): void;
}

function measureEventLoop(): () => number {
  const start = performance.eventLoopUtilization();
  return () => performance.eventLoopUtilization(start).utilization;
}

/**
 * The in-process worker's share of the event loop (issue 36). Background work asks for a `turn`
 * before each step (a job, a member of a batch); a turn is given at once — after the loop's
 * pending I/O, on `setImmediate` — while the loop was at most `share` busy in the latest sample,
 * and otherwise only one step per `minStepMs`, oldest first, until a sample shows room again.
 * The utilization counts the whole process, the work's own steps included: alone, the work fills
 * the loop up to about its share; beside busy requests it falls back to its minimum pace.
 */
export function createLoopBudget(options: LoopBudgetOptions): LoopBudget {
  if (!(options.share > 0 && options.share <= 1)) throw new Error(`The loop share must be in (0, 1], got ${options.share}`);
  const sampleMs = options.sampleMs ?? 100;
  const now = options.now ?? (() => performance.now());
  const measure = options.measure ?? measureEventLoop;
  let sample = measure();
  let sampledAt = now();
  let current = 0;
  let lastStep = -Infinity;
  const waiting: Array<() => void> = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  function refresh(): void {
    if (now() - sampledAt < sampleMs) return;
    current = sample();
    sample = measure();
    sampledAt = now();
  }

  function give(resolve: () => void): void {
    lastStep = now();
    setImmediate(resolve);
  }

  function check(): void {
    timer = null;
    refresh();
    if (current <= options.share) {
      while (waiting.length) give(waiting.shift()!);
    } else if (waiting.length && now() - lastStep >= options.minStepMs) {
      give(waiting.shift()!);
    }
    if (waiting.length) schedule();
  }

  // Unref'd: steps waiting for their turn never keep a stopping process alive.
  function schedule(): void {
    timer = setTimeout(check, Math.min(sampleMs, options.minStepMs));
    timer.unref?.();
  }

  return {
    turn() {
      refresh();
      return new Promise<void>((resolve) => {
        if (!waiting.length && (current <= options.share || now() - lastStep >= options.minStepMs)) return give(resolve);
        waiting.push(resolve);
        if (!timer) schedule();
      });
    },
    utilization: () => current,
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      while (waiting.length) waiting.shift()!();
    },
  };
}

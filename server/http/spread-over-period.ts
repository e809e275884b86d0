export interface SpreadOptions<T> {
  /** Each item is visited once per period. */
  periodMs: number;
  /** How often a share is visited; the period is split into this many steps (at least one). */
  stepMs: number;
  /** The items of the next round, read when a round begins (items added later wait for it). */
  items(): Iterable<T>;
  /** Visits one share; items may have gone away since the round began, so it checks. */
  visit(share: T[]): void | Promise<void>;
  onError(error: unknown): void;
  /** After the last share of a round was visited (also a round with nothing to visit). */
  onRoundDone?(): void;
}

/**
 * Runs a chore over every open socket (a heartbeat, a session check) once per period, one
 * share at each step, instead of all of them in one go. Pinging a thousand sockets at once
 * held the event loop for about 30 ms every 30 s, and every message arriving meanwhile waited;
 * a share per step costs a millisecond or two. A step is skipped while the previous share is
 * still being visited (a slow query), so shares never pile up.
 */
export function spreadOverPeriod<T>(options: SpreadOptions<T>): { stop(): void } {
  const steps = Math.max(1, Math.round(options.periodMs / options.stepMs));
  let round: T[] = [];
  let step = steps;
  let busy = false;

  const timer = setInterval(() => {
    if (busy) return;
    if (step >= steps) {
      round = [...options.items()];
      step = 0;
    }
    const share = round.slice(Math.floor((step * round.length) / steps), Math.floor(((step + 1) * round.length) / steps));
    step += 1;
    const lastOfRound = step >= steps;
    if (!share.length) {
      if (lastOfRound) options.onRoundDone?.();
      return;
    }
    busy = true;
    Promise.resolve()
      .then(() => options.visit(share))
      .catch(options.onError)
      .finally(() => {
        busy = false;
        if (lastOfRound) options.onRoundDone?.();
      });
  }, options.periodMs / steps);
  timer.unref();

  return { stop: () => clearInterval(timer) };
}

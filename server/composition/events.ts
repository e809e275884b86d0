/**
 * What one area tells the others after start-up. An area emits; the areas that care subscribe
 * once everything is built (`wireAreaEvents` in `server/services.ts`), so no area reaches for a
 * service that is made after it.
 */
export interface AreaEvents {
  /** An address was confirmed, by the member's link or by an operator. Listeners run in turn. */
  addressConfirmed: Steps<[userId: number]>;
  /** A deleted account is being purged; listeners remove what they keep of the member. */
  accountPurging: Steps<[userId: number]>;
  /** A job is due now: the in-process runner should look at once. */
  jobsDue: Signal;
}

/** Awaited listeners, one after the other in the order they subscribed; the first failure stops the rest. */
export interface Steps<A extends unknown[]> {
  subscribe(listener: (...args: A) => Promise<unknown>): void;
  emit(...args: A): Promise<void>;
}

/** Listeners called at once, not awaited. */
export interface Signal {
  subscribe(listener: () => void): void;
  emit(): void;
}

export function createAreaEvents(): AreaEvents {
  return { addressConfirmed: createSteps(), accountPurging: createSteps(), jobsDue: createSignal() };
}

function createSteps<A extends unknown[]>(): Steps<A> {
  const listeners: Array<(...args: A) => Promise<unknown>> = [];
  return {
    subscribe: (listener) => void listeners.push(listener),
    async emit(...args) {
      for (const listener of listeners) await listener(...args);
    },
  };
}

function createSignal(): Signal {
  const listeners: Array<() => void> = [];
  return {
    subscribe: (listener) => void listeners.push(listener),
    emit() {
      for (const listener of listeners) listener();
    },
  };
}

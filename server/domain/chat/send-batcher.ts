/** The answer for one item of a batch: its own result or its own error. */
export type ItemOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface SendBatcherOptions<I, R> {
  /**
   * Commits a batch in one transaction and answers every item, in order. Throwing means the
   * batch as a whole failed (nothing of it was committed).
   */
  commit(items: I[]): Promise<ItemOutcome<R>[]>;
  /** Most items in one batch. */
  maxBatchSize?: number;
  /** Lanes committing side by side; each lane commits one batch at a time. */
  lanes?: number;
  /**
   * A key for the rows an item writes (for a chat send: its conversation). Items with the same
   * key always share a lane, so batches committing side by side never wait for each other's
   * row locks, and such items commit in the order they were submitted.
   */
  keyOf?(item: I): number;
}

interface Waiting<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

interface Lane<I, R> {
  queue: Waiting<I, R>[];
  committing: boolean;
  scheduled: boolean;
}

/**
 * Group commit: items submitted while earlier batches are committing gather and go to the
 * database together, in one transaction, instead of one transaction each. When the database
 * is idle, a batch leaves at once (on the next turn of the event loop, with whatever arrived
 * in this one), so a quiet server adds no waiting; under load the batches grow by themselves,
 * up to `maxBatchSize`, which is what lets throughput rise while latency stays flat.
 *
 * Items are spread over lanes by key. Two batches committing at once used to share
 * conversations (both members of a pair writing at the same moment), so one waited for the
 * other's locks and the lanes ran one after the other; keyed lanes commit truly side by side.
 *
 * A batch that fails as a whole (a deadlock, a constraint a pre-check missed) is retried one
 * item at a time, so one bad item cannot fail the others that happened to share its batch.
 */
export function createSendBatcher<I, R>(options: SendBatcherOptions<I, R>) {
  const maxBatchSize = options.maxBatchSize ?? 256;
  const lanes: Lane<I, R>[] = Array.from({ length: Math.max(1, options.lanes ?? 2) }, () => ({ queue: [], committing: false, scheduled: false }));
  const idle = new Set<() => void>();

  const laneOf = (item: I) => lanes[options.keyOf ? Math.abs(Math.trunc(options.keyOf(item))) % lanes.length : 0];
  const isIdle = () => lanes.every((lane) => !lane.queue.length && !lane.committing);

  function schedule(lane: Lane<I, R>) {
    if (lane.scheduled || lane.committing) return;
    lane.scheduled = true;
    setImmediate(() => {
      lane.scheduled = false;
      flush(lane);
    });
  }

  function flush(lane: Lane<I, R>) {
    if (lane.committing || !lane.queue.length) return;
    const batch = lane.queue.splice(0, maxBatchSize);
    lane.committing = true;
    void run(batch).finally(() => {
      lane.committing = false;
      if (lane.queue.length) flush(lane);
      else if (isIdle()) for (const wake of idle) wake();
    });
  }

  async function run(batch: Waiting<I, R>[]) {
    const outcomes = await commitOrSplit(batch.map((entry) => entry.item));

    outcomes.forEach((outcome, index) => (outcome.ok ? batch[index].resolve(outcome.value) : batch[index].reject(outcome.error)));
  }

  async function commitOrSplit(items: I[]): Promise<ItemOutcome<R>[]> {
    try {
      return await options.commit(items);
    } catch (error) {
      if (items.length === 1) return [{ ok: false, error }];
      const alone: ItemOutcome<R>[] = [];
      for (const item of items) alone.push(...(await commitOrSplit([item])));
      return alone;
    }
  }

  return {
    /** Queues the item for its lane's next batch; settles once that batch has committed (or failed). */
    submit(item: I): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        const lane = laneOf(item);
        lane.queue.push({ item, resolve, reject });
        schedule(lane);
      });
    },

    /** Resolves when nothing is queued or committing (shutdown, tests). */
    drain(): Promise<void> {
      if (isIdle()) return Promise.resolve();
      return new Promise((resolve) => {
        const wake = () => {
          idle.delete(wake);
          resolve();
        };
        idle.add(wake);
      });
    },
  };
}

export type SendBatcher<I, R> = ReturnType<typeof createSendBatcher<I, R>>;

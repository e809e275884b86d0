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
  /** Batches committing at once; while all are busy, new items gather into the next batch. */
  maxConcurrentBatches?: number;
}

/**
 * Group commit: items submitted while earlier batches are committing gather and go to the
 * database together, in one transaction, instead of one transaction each. When the database
 * is idle, a batch leaves at once (on the next turn of the event loop, with whatever arrived
 * in this one), so a quiet server adds no waiting; under load the batches grow by themselves,
 * up to `maxBatchSize`, which is what lets throughput rise while latency stays flat.
 *
 * A batch that fails as a whole (a deadlock, a constraint a pre-check missed) is retried one
 * item at a time, so one bad item cannot fail the others that happened to share its batch.
 */
export function createSendBatcher<I, R>(options: SendBatcherOptions<I, R>) {
  const maxBatchSize = options.maxBatchSize ?? 256;
  const maxConcurrent = options.maxConcurrentBatches ?? 2;
  const queue: { item: I; resolve: (value: R) => void; reject: (error: unknown) => void }[] = [];
  let committing = 0;
  let scheduled = false;
  const idle = new Set<() => void>();

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      flush();
    });
  }

  function flush() {
    while (queue.length && committing < maxConcurrent) {
      const batch = queue.splice(0, maxBatchSize);
      committing += 1;
      void run(batch).finally(() => {
        committing -= 1;
        if (queue.length) flush();
        else if (!committing) for (const wake of idle) wake();
      });
    }
  }

  async function run(batch: typeof queue) {
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
    /** Queues the item for the next batch; settles once that batch has committed (or failed). */
    submit(item: I): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },

    /** Resolves when nothing is queued or committing (shutdown, tests). */
    drain(): Promise<void> {
      if (!queue.length && !committing) return Promise.resolve();
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

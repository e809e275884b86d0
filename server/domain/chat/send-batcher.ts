import { runOutsideRequest } from '../../observability/work-scope';

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
  /** Most batches committing at once (each holds one database connection). */
  maxBatchesAtOnce?: number;
  /**
   * How many items must be waiting before a batch starts beside one already committing. Below
   * it they wait for the batch in flight, and go together in the next one.
   */
  backlogForAnotherBatch?: number;
  /**
   * A key for the rows an item writes (for a chat send: its conversation). Two batches
   * committing at once never share a key, so neither waits for the other's row locks, and the
   * items of one key commit in the order they were submitted. Without it every item shares one
   * key, and batches commit one at a time.
   */
  keyOf?(item: I): number;
}

interface Waiting<I, R> {
  item: I;
  key: number;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: items submitted while a batch is committing gather and go to the database
 * together, in one transaction, instead of one transaction each. When the database is idle, a
 * batch leaves at once (on the next turn of the event loop, with whatever arrived in this one),
 * so a quiet server adds no waiting; under load the batches grow by themselves, up to
 * `maxBatchSize`, which is what lets throughput rise while latency stays flat.
 *
 * One batch commits at a time until a backlog builds up behind it; only then does a second
 * start beside it. Two batches always committing side by side kept two database processes busy
 * on cores the server needs too, and every batch took longer; one at a time does the same work
 * with less contention (ADR 0017). A batch that starts beside another takes only items whose
 * keys the other does not hold, so they never wait for each other's locks.
 *
 * A batch that fails as a whole (a deadlock, a constraint a pre-check missed) is retried one
 * item at a time, so one bad item cannot fail the others that happened to share its batch.
 */
export function createSendBatcher<I, R>(options: SendBatcherOptions<I, R>) {
  const maxBatchSize = options.maxBatchSize ?? 256;
  const maxBatchesAtOnce = Math.max(1, options.maxBatchesAtOnce ?? 2);
  const backlogForAnotherBatch = options.backlogForAnotherBatch ?? 64;
  const keyOf = options.keyOf ?? (() => 0);

  let queue: Waiting<I, R>[] = [];
  /** Keys held by the batches committing now. */
  const keysInFlight = new Set<number>();
  let batchesInFlight = 0;
  let pumpScheduled = false;
  const idle = new Set<() => void>();
  const isIdle = () => !batchesInFlight && !queue.length;

  function schedulePump() {
    if (pumpScheduled) return;
    pumpScheduled = true;
    // A batch serves many requests: it must not run as part of the one whose send scheduled it
    // (its jobs and log lines would carry that request's id).
    runOutsideRequest(() =>
      setImmediate(() => {
        pumpScheduled = false;
        pump();
      }),
    );
  }

  /** Starts as many batches as the rules allow with what is waiting. */
  function pump() {
    while (batchesInFlight < maxBatchesAtOnce && queue.length) {
      if (batchesInFlight > 0 && queue.length < backlogForAnotherBatch) return;
      const batch = takeBatch();
      if (!batch.length) return;
      start(batch);
    }
  }

  /**
   * The oldest waiting items whose keys no batch in flight holds, in submission order. An
   * item left behind for its key leaves every later item of that key behind too, so a key's
   * items always commit in order.
   */
  function takeBatch(): Waiting<I, R>[] {
    const taken: Waiting<I, R>[] = [];
    const left: Waiting<I, R>[] = [];
    for (const entry of queue) {
      if (taken.length < maxBatchSize && !keysInFlight.has(entry.key)) taken.push(entry);
      else left.push(entry);
    }
    queue = left;
    return taken;
  }

  function start(batch: Waiting<I, R>[]) {
    const keys = new Set(batch.map((entry) => entry.key));
    for (const key of keys) keysInFlight.add(key);
    batchesInFlight += 1;
    void run(batch).finally(() => {
      for (const key of keys) keysInFlight.delete(key);
      batchesInFlight -= 1;
      pump();
      if (isIdle()) for (const wake of idle) wake();
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
    /** Queues the item for the next batch it may join; settles once that batch has committed (or failed). */
    submit(item: I): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, key: keyOf(item), resolve, reject });
        schedulePump();
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

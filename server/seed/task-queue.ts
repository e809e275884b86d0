export type TaskQueue = ReturnType<typeof createTaskQueue>;

/** Runs at most `concurrency` tasks at once; `drain` waits for all and reports the first failure. */
export function createTaskQueue(concurrency: number) {
  const waiting: Array<() => Promise<unknown>> = [];
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  const pump = () => {
    while (running.size < concurrency && waiting.length > 0) {
      const task = waiting.shift()!;
      const run: Promise<void> = task()
        .then(
          () => {},
          (error: unknown) => void (failure ??= { error }),
        )
        .finally(() => {
          running.delete(run);
          pump();
        });
      running.add(run);
    }
  };
  return {
    push(task: () => Promise<unknown>) {
      waiting.push(task);
      pump();
    },
    async drain() {
      while (running.size > 0) await Promise.race(running);
      if (failure) throw failure.error;
    },
  };
}

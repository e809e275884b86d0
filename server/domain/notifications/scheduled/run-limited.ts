import { nextStep } from '../../../observability/work-scope';

/**
 * Runs `task` for every item with at most `limit` at once, in order of start. A batch's mails
 * wait on the SMTP peer and the database, not on this process: a few in flight keep both busy.
 * Each item waits for its job's turn first (`nextStep`): inside the web process a batch of
 * 500 mails takes the event loop a step at a time, never in one go.
 */
export async function runLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++];
      await nextStep();
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

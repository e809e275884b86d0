import type { NotificationType } from '../../../../contract/notifications';
import type { JobsRepository } from '../../../db/repositories/jobs.repository';
import type { ScheduledNotificationsRepository } from '../../../db/repositories/scheduled-notifications.repository';
import { nextStep } from '../../../observability/work-scope';

/** Members per batch job: a retried batch redoes at most this many look-ups (its sends are keyed). */
export const BATCH_SIZE = 500;

/** What every batch job of a fan-out carries: its slice of member ids, (afterId, throughId]. */
export interface BatchRange {
  afterId: number;
  throughId: number;
}

/**
 * Splits the members who may get `kind` into id ranges (keyset over users.id, one cheap query
 * per range) and enqueues one job per range. Job keys hold the fan-out's own key and the
 * range's start, so a fan-out started twice (two instances, a retry) enqueues each range once.
 * Answers how many ranges there are.
 */
export async function enqueueBatches(
  deps: { scheduled: ScheduledNotificationsRepository; jobs: JobsRepository; now: Date },
  fanOut: { kind: NotificationType; siteId: number | null; jobKind: string; key: string; payload: Record<string, unknown>; size?: number },
): Promise<number> {
  let afterId = 0;
  let batches = 0;
  for (;;) {
    await nextStep();
    const end = await deps.scheduled.nextBatchEnd(fanOut.kind, fanOut.siteId, afterId, fanOut.size ?? BATCH_SIZE);
    if (!end) return batches;
    const range: BatchRange = { afterId, throughId: end.throughId };
    await deps.jobs.enqueue(fanOut.jobKind, { ...fanOut.payload, ...range }, deps.now, deps.now, { key: `${fanOut.key}:${afterId}` });
    batches += 1;
    afterId = end.throughId;
  }
}

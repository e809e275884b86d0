import type { Executor } from '../../../db/client';
import type { DiscountCodesRepository } from '../../../db/repositories/discount-codes.repository';
import type { JobsRepository } from '../../../db/repositories/jobs.repository';
import { createNewsBroadcastsRepository } from '../../../db/repositories/news-broadcasts.repository';
import { createScheduledNotificationsRepository } from '../../../db/repositories/scheduled-notifications.repository';
import { createWeeklyDigestRepository } from '../../../db/repositories/weekly-digest.repository';
import type { AccountLinks } from '../../accounts/account-links.service';
import type { Clock } from '../../shared/clock';
import type { Notifier } from '../notifier.port';
import type { BatchRange } from './member-batches';
import { NEWS_START_JOB } from './news-broadcasts.service';
import { createNewsRules, NEWS_BATCH_JOB, NEWS_FINISH_JOB } from './news.rules';
import { createPromotionsRules } from './promotions.rules';
import { createRemindersRules } from './reminders.rules';
import { createWeeklyDigestRules, WEEK_MS, WEEKLY_DIGEST_BATCH_JOB, WEEKLY_DIGEST_JOB, type DigestBatchPayload } from './weekly-digest.rules';

export const PROMOTIONS_SWEEP_JOB = 'notify.promotions.sweep';
export const REMINDERS_SWEEP_JOB = 'notify.reminders.sweep';

/** The recurring jobs of the scheduled kinds, for the runner's `schedules`. */
export const SCHEDULED_NOTIFICATION_SCHEDULES = [
  // Every 10 minutes (:00, :10, …): a time bonus (4 h) is announced 50–60 minutes before it ends.
  { kind: PROMOTIONS_SWEEP_JOB, everyMs: 10 * 60_000 },
  // At :07, :22, :37 and :52: never in the same minute as the promotions or the hourly unread
  // reminders (:33), so the sweeps take turns instead of falling due together.
  { kind: REMINDERS_SWEEP_JOB, everyMs: 15 * 60_000, offsetMs: 7 * 60_000 },
  // Sundays at 17:00 UTC (evening across Europe, when members have time to browse); the epoch is
  // a Thursday. Only until 23:00: a server that first starts later in the week waits for the next
  // Sunday instead of sending a digest at once.
  { kind: WEEKLY_DIGEST_JOB, everyMs: WEEK_MS, offsetMs: (3 * 24 + 17) * 3_600_000, lateLimitMs: 6 * 3_600_000 },
] as const;

/** Batches of one kind that may run at once (each has 16 mails in flight). */
export const SCHEDULED_NOTIFICATION_CONCURRENCY = { [WEEKLY_DIGEST_BATCH_JOB]: 4, [NEWS_BATCH_JOB]: 4 } as const;

/**
 * The job handlers of the four scheduled kinds (promotions, weekly_updates, news, reminders),
 * built from what they read and the one notifier they send through.
 */
export function createScheduledNotificationJobs(deps: {
  db: Executor;
  jobs: JobsRepository;
  codes: DiscountCodesRepository;
  links: Pick<AccountLinks, 'issueLinkPath'>;
  notifier: Notifier;
  clock: Clock;
}) {
  const { jobs, notifier, clock } = deps;
  const scheduled = createScheduledNotificationsRepository(deps.db);
  const promotions = createPromotionsRules({ scheduled, codes: deps.codes, notifier, clock });
  const reminders = createRemindersRules({ scheduled, links: deps.links, notifier, clock });
  const weekly = createWeeklyDigestRules({ digest: createWeeklyDigestRepository(deps.db), scheduled, jobs, notifier, clock });
  const news = createNewsRules({ broadcasts: createNewsBroadcastsRepository(deps.db), scheduled, jobs, notifier, clock });
  const range = (payload: Record<string, unknown>): BatchRange => ({ afterId: Number(payload.afterId), throughId: Number(payload.throughId) });

  return {
    promotions,
    reminders,
    weekly,
    news,
    handlers: {
      [PROMOTIONS_SWEEP_JOB]: () => promotions.sweep(),
      [REMINDERS_SWEEP_JOB]: () => reminders.sweep(),
      [WEEKLY_DIGEST_JOB]: async () => void (await weekly.start()),
      [WEEKLY_DIGEST_BATCH_JOB]: async (payload: Record<string, unknown>) => void (await weekly.sendBatch(payload as unknown as DigestBatchPayload)),
      [NEWS_START_JOB]: (payload: Record<string, unknown>) => news.start({ broadcastId: Number(payload.broadcastId) }),
      [NEWS_BATCH_JOB]: async (payload: Record<string, unknown>) =>
        void (await news.sendBatch({ broadcastId: Number(payload.broadcastId), ...range(payload) })),
      [NEWS_FINISH_JOB]: (payload: Record<string, unknown>) => news.checkFinished({ broadcastId: Number(payload.broadcastId), check: Number(payload.check) }),
    },
  };
}

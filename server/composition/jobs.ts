import { createBusinessFigureCounts } from '../db/repositories/business-figure-counts';
import { createNotificationSendsRepository } from '../db/repositories/notification-sends.repository';
import { PURGE_ACCOUNT_JOB, type AccountDeletionService } from '../domain/accounts/account-deletion.service';
import { DELIVER_SIGNUP_MESSAGE_JOB, type SignupFirstMessages } from '../domain/accounts/signup-first-messages.service';
import type { AuditService } from '../domain/audit/audit.service';
import { COMPACT_FIGURE_COUNTS_JOB, compactFigureCountsSchedule } from '../domain/figures/figure-counts-compaction';
import { createJobsAdminService } from '../domain/jobs/jobs-admin.service';
import { CLEAN_UP_NOTIFICATIONS_JOB, cleanUpNotificationsSchedule, createNotificationCleanup } from '../domain/notifications/notification-cleanup';
import { SCHEDULED_NOTIFICATION_CONCURRENCY, SCHEDULED_NOTIFICATION_SCHEDULES } from '../domain/notifications/scheduled/scheduled-jobs';
import { UNREAD_REMINDERS_EVERY_MS, UNREAD_REMINDERS_JOB } from '../domain/notifications/unread-reminders';
import { EXPIRE_ORDER_JOB, type OrdersService } from '../domain/payments/orders.service';
import { CLEAN_UP_JOBS_JOB, cleanUpJobsSchedule, createJobCleanup } from '../jobs/job-cleanup';
import { createJobQueue } from '../jobs/job-queue';
import { createJobRunner } from '../jobs/job-runner';
import type { ServiceOverrides } from '../service-overrides';
import type { AreaEvents } from './events';
import type { Notifications } from './notifications';
import type { Platform } from './platform';
import type { Stores } from './stores';

/** The durable queue's front: enqueuing a job due now tells the runner (`events.jobsDue`). */
export function composeJobQueue(platform: Platform, stores: Stores, events: AreaEvents) {
  return createJobQueue({ jobs: stores.jobs, clock: platform.clock, onEnqueued: events.jobsDue.emit });
}

/** The areas whose jobs the runner runs. */
export interface JobAreas {
  accountDeletion: Pick<AccountDeletionService, 'purgeIfStillDeleted'>;
  payments: Pick<OrdersService, 'expireIfUnpaid'>;
  signupFirstMessages: Pick<SignupFirstMessages, 'deliver'>;
  notifications: Pick<Notifications, 'eventNotifications' | 'scheduledNotifications'>;
  audit: AuditService;
}

/**
 * The durable queue's runner (issue 17): every kind's handler, the kinds that recur, and how many
 * of a kind one runner runs at once. A handler receives (payload, { id, kind, attempts }). Made
 * last, since every area brings handlers; it answers `events.jobsDue` from then on.
 */
export function composeJobs(platform: Platform, stores: Stores, areas: JobAreas, events: AreaEvents, overrides: ServiceOverrides['jobs']) {
  const { db, clock, metrics } = platform;
  const { accountDeletion, payments, signupFirstMessages } = areas;
  const { eventNotifications, scheduledNotifications } = areas.notifications;
  const { handlers: extraHandlers, schedules: extraSchedules, ...runnerTuning } = overrides ?? {};
  const jobRunner = createJobRunner({
    ...runnerTuning,
    jobs: stores.jobs,
    clock,
    observer: metrics.jobs,
    handlers: {
      [PURGE_ACCOUNT_JOB]: (payload) => accountDeletion.purgeIfStillDeleted(Number(payload.userId)),
      [EXPIRE_ORDER_JOB]: (payload) => payments.expireIfUnpaid(Number(payload.orderId)),
      [CLEAN_UP_JOBS_JOB]: createJobCleanup({ jobs: stores.jobs, clock }),
      [CLEAN_UP_NOTIFICATIONS_JOB]: createNotificationCleanup({ sends: createNotificationSendsRepository(db), clock }),
      [COMPACT_FIGURE_COUNTS_JOB]: () => createBusinessFigureCounts(db).compact(),
      ...eventNotifications.messages.handlers,
      ...eventNotifications.likes.handlers,
      [UNREAD_REMINDERS_JOB]: () => eventNotifications.unreadReminders.sweep().then(() => undefined),
      ...scheduledNotifications.handlers,
      [DELIVER_SIGNUP_MESSAGE_JOB]: (payload) => signupFirstMessages.deliver(Number(payload.userId)).then(() => undefined),
      ...extraHandlers,
    },
    schedules: [
      cleanUpJobsSchedule,
      cleanUpNotificationsSchedule,
      compactFigureCountsSchedule,
      // At :33 past the hour, apart from the other sweeps (scheduled-jobs.ts).
      { kind: UNREAD_REMINDERS_JOB, everyMs: UNREAD_REMINDERS_EVERY_MS, offsetMs: 33 * 60_000 },
      ...SCHEDULED_NOTIFICATION_SCHEDULES,
      ...(extraSchedules ?? []),
    ],
    concurrency: {
      [CLEAN_UP_JOBS_JOB]: 1,
      [CLEAN_UP_NOTIFICATIONS_JOB]: 1,
      [COMPACT_FIGURE_COUNTS_JOB]: 1,
      ...SCHEDULED_NOTIFICATION_CONCURRENCY,
      ...runnerTuning.concurrency,
    },
  });
  events.jobsDue.subscribe(() => jobRunner.wake());
  metrics.jobs.readDepthWith(() => stores.jobs.countByKind(clock.now()));
  const jobsAdmin = createJobsAdminService({ db, audit: areas.audit, clock, onRetried: events.jobsDue.emit });
  return { jobRunner, jobsAdmin };
}

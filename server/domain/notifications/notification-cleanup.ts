import type { NotificationSendsRepository } from '../../db/repositories/notification-sends.repository';
import type { Clock } from '../shared/clock';

/** Keeps `notification_sends` and `notification_claims` to what the rules still read (ADR 0029). */
export const CLEAN_UP_NOTIFICATIONS_JOB = 'clean_up_notifications';

const DAY = 86_400_000;
/**
 * The rules look back at most a week (the digest's ISO week, the unread reminders' day, the
 * three-hour and one-hour coalescing windows, the reminders' days since sign-up); a month
 * leaves room to answer a member's "why did I get this?".
 */
export const NOTIFICATION_SENDS_RETENTION_MS = 30 * DAY;

/** At 03:44 UTC, half an hour after the jobs' clean-up (job-cleanup.ts). */
export const cleanUpNotificationsSchedule = { kind: CLEAN_UP_NOTIFICATIONS_JOB, everyMs: DAY, offsetMs: (3 * 60 + 44) * 60_000 };

export function createNotificationCleanup(deps: { sends: Pick<NotificationSendsRepository, 'deleteLapsedClaims' | 'deleteSentBefore'>; clock: Clock }) {
  return async (): Promise<void> => {
    const now = deps.clock.now();
    await deps.sends.deleteLapsedClaims(now);
    await deps.sends.deleteSentBefore(new Date(now.getTime() - NOTIFICATION_SENDS_RETENTION_MS));
  };
}

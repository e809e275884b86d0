import { and, desc, eq } from 'drizzle-orm';
import type { NotificationType } from '../../contract/notifications';
import type { Executor } from '../../server/db/client';
import { notificationSends } from '../../server/db/schema/index';
import type { NotificationContent, Notifier, NotifyOptions } from '../../server/domain/notifications/notifier.port';
import type { Clock } from '../../server/domain/shared/clock';

export interface RecordedNotification {
  userId: number;
  kind: NotificationType;
  content: NotificationContent;
  options: NotifyOptions;
  at: Date;
}

/**
 * A notifier for the rules' tests: it keeps the port's promises the rules depend on — a key
 * sends once, `lastSentAt` answers from `notification_sends` — and records every send instead
 * of mailing. Preferences and the refusals are the real notifier's own tests.
 */
export function createRecordingNotifier(clock: Clock) {
  let db: Executor | null = null;
  const sent: RecordedNotification[] = [];
  const database = () => {
    if (!db) throw new Error('call attach(db) first');
    return db;
  };

  const notifier: Notifier & {
    sent: RecordedNotification[];
    attach(executor: Executor): void;
    to(userId: number, kind?: NotificationType): RecordedNotification[];
    clear(): void;
  } = {
    sent,
    attach(executor) {
      db = executor;
    },
    to(userId, kind) {
      return sent.filter((entry) => entry.userId === userId && (!kind || entry.kind === kind));
    },
    clear() {
      sent.length = 0;
    },
    async notify(userId, kind, content, options) {
      const at = clock.now();
      const added = await database()
        .insert(notificationSends)
        .values({ key: `${options.key}:email`, userId, kind, topic: options.topic ?? '', channel: 'email', sentAt: at })
        .onConflictDoNothing()
        .returning({ key: notificationSends.key });
      if (!added.length) return { email: false, push: false };
      sent.push({ userId, kind, content, options, at });
      return { email: true, push: false };
    },
    async lastSentAt(userId, kind, topic) {
      const [row] = await database()
        .select({ at: notificationSends.sentAt })
        .from(notificationSends)
        .where(
          and(eq(notificationSends.userId, userId), eq(notificationSends.kind, kind), ...(topic === undefined ? [] : [eq(notificationSends.topic, topic)])),
        )
        .orderBy(desc(notificationSends.sentAt))
        .limit(1);
      return row?.at ?? null;
    },
  };
  return notifier;
}

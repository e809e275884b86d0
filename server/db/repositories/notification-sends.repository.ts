import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { notificationSends } from '../schema/index';

export type NotificationChannel = 'email' | 'push';

export interface NotificationSendRecord {
  key: string;
  userId: number;
  kind: string;
  topic: string;
  channel: NotificationChannel;
  sentAt: Date;
}

/**
 * What was sent, once per key and channel: the notifier asks before sending and records after,
 * and the rules read the latest send to coalesce. Every read names the member.
 */
export function createNotificationSendsRepository(db: Executor) {
  return {
    /** Which of these send keys (already suffixed by channel) are recorded. */
    async findSentKeys(keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = await db.select({ key: notificationSends.key }).from(notificationSends).where(inArray(notificationSends.key, keys));
      return new Set(rows.map((row) => row.key));
    },

    /** Records a send; a second record of the same key changes nothing. */
    async record(send: NotificationSendRecord): Promise<void> {
      await db.insert(notificationSends).values(send).onConflictDoNothing();
    },

    /** The latest send of a kind to a member, on any channel; narrowed to one topic when given. */
    async findLatest(userId: number, kind: string, topic?: string): Promise<Date | null> {
      const conditions = [eq(notificationSends.userId, userId), eq(notificationSends.kind, kind)];
      if (topic !== undefined) conditions.push(eq(notificationSends.topic, topic));
      const [row] = await db
        .select({ sentAt: notificationSends.sentAt })
        .from(notificationSends)
        .where(and(...conditions))
        .orderBy(desc(notificationSends.sentAt))
        .limit(1);
      return row?.sentAt ?? null;
    },
  };
}

export type NotificationSendsRepository = ReturnType<typeof createNotificationSendsRepository>;

import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { notificationClaims, notificationSends } from '../schema/index';

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
 * What was sent, once per key and channel: the notifier claims a key before sending and records after,
 * and the rules read the latest send to coalesce. Every read names the member.
 */
export function createNotificationSendsRepository(db: Executor) {
  return {
    /**
     * Claims these send keys (already suffixed by channel) for `leaseMs` and answers the ones
     * this caller may send: claimed now (new, or a lapsed claim taken over) and not yet sent.
     * One statement, so two notifiers racing for a key cannot both get it.
     */
    async claimUnsent(keys: string[], now: Date, leaseMs: number): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const until = new Date(now.getTime() + leaseMs).toISOString();
      const values = sql.join(
        keys.map((key) => sql`(${key}, ${until}::timestamptz)`),
        sql`, `,
      );
      const result = await db.execute<{ key: string }>(sql`
        with claimed as (
          insert into ${notificationClaims} (key, claimed_until) values ${values}
          on conflict (key) do update set claimed_until = excluded.claimed_until
            where ${notificationClaims.claimedUntil} < ${now.toISOString()}::timestamptz
          returning key)
        select claimed.key from claimed where not exists (select 1 from ${notificationSends} s where s.key = claimed.key)`);
      return new Set((result as unknown as { rows: { key: string }[] }).rows.map((row) => row.key));
    },

    /** Gives a claim back after a failed send, so the retried job may send at once. */
    async release(key: string): Promise<void> {
      await db.delete(notificationClaims).where(eq(notificationClaims.key, key));
    },

    /** Claims whose lease ran out (their sends are recorded or were given up): nothing reads them any more. */
    async deleteLapsedClaims(now: Date): Promise<void> {
      await db.delete(notificationClaims).where(lt(notificationClaims.claimedUntil, now));
    },

    /** Sends older than any rule looks back (coalescing windows, once-only sweeps) are deleted. */
    async deleteSentBefore(before: Date): Promise<void> {
      await db.delete(notificationSends).where(lt(notificationSends.sentAt, before));
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

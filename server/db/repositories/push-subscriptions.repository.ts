import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { pushSubscriptions } from '../schema/index';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A browser's subscription as the member's device reported it. */
export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The browsers' Web Push subscriptions, always reached through the member who owns them. */
export function createPushSubscriptionsRepository(db: Executor) {
  return {
    /**
     * Stores the subscription for `userId`, keeping at most `keep` per member (the most recently
     * saved). The endpoint identifies the browser: one saved before under another member (the
     * browser's previous log-in) moves to this one with its new keys, so pushes follow whoever
     * is logged in on the device.
     */
    async save(userId: number, subscription: PushSubscriptionKeys, at: Date, keep: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(pushSubscriptions)
          .values({ userId, ...subscription, createdAt: at })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            // created_at becomes "last saved": the cap below keeps the devices in use.
            set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: at, lastSentAt: null },
          });
        const kept = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(keep);
        await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
      });
    },

    /** Removes the member's own subscription with this endpoint; answers whether there was one. */
    async removeOwn(userId: number, endpoint: string): Promise<boolean> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    async listOf(userId: number): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.id);
    },

    /**
     * Removes a subscription the push service called gone (404/410). By id and keys: if the
     * browser saved the endpoint again meanwhile, with new keys, that newer row stays.
     */
    async removeExpired(row: Pick<PushSubscriptionRow, 'id' | 'p256dh'>): Promise<void> {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.p256dh, row.p256dh)));
    },

    async markSent(ids: number[], at: Date): Promise<void> {
      if (!ids.length) return;
      await db.update(pushSubscriptions).set({ lastSentAt: at }).where(inArray(pushSubscriptions.id, ids));
    },
  };
}
export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;

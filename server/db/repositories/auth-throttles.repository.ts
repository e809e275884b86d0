import { and, eq, gt, lt, or, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { authThrottles, trustedDevices } from '../schema/index';

export type ThrottleKind = (typeof authThrottles.$inferSelect)['kind'];

export interface ThrottleState {
  /** Hits in the current window (0 once the window is over). */
  hits: number;
  blockedUntil: Date | null;
}

/** Counters for log-in and reset limits, and the devices trusted per account (ADR 0019). */
export function createAuthThrottlesRepository(db: Executor) {
  return {
    /** The counter's state now: a window that has run out counts as empty. */
    async find(key: string, windowMs: number, now: Date): Promise<ThrottleState> {
      const [row] = await db.select().from(authThrottles).where(eq(authThrottles.key, key)).limit(1);
      if (!row) return { hits: 0, blockedUntil: null };
      const blockedUntil = row.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
      return { hits: row.windowStartedAt.getTime() + windowMs > now.getTime() ? row.hits : 0, blockedUntil };
    },

    /**
     * Counts one hit in one statement, so concurrent attempts cannot slip past the limit: a
     * window that has run out starts again at this hit; reaching `max` blocks until `blockUntil`.
     */
    async hit(
      values: { key: string; kind: ThrottleKind; accountKey: string; max: number; windowMs: number; blockUntil: Date | null },
      now: Date,
    ): Promise<ThrottleState> {
      const nowIso = now.toISOString();
      const windowStartAfter = new Date(now.getTime() - values.windowMs).toISOString();
      const blockIso = values.blockUntil?.toISOString() ?? null;
      const expired = sql`${authThrottles.windowStartedAt} <= ${windowStartAfter}::timestamptz`;
      const hits = sql`case when ${expired} then 1 else ${authThrottles.hits} + 1 end`;
      const [row] = await db
        .insert(authThrottles)
        .values({
          key: values.key,
          kind: values.kind,
          accountKey: values.accountKey,
          hits: 1,
          windowStartedAt: now,
          blockedUntil: values.max <= 1 ? values.blockUntil : null,
        })
        .onConflictDoUpdate({
          target: authThrottles.key,
          set: {
            hits,
            windowStartedAt: sql`case when ${expired} then ${nowIso}::timestamptz else ${authThrottles.windowStartedAt} end`,
            blockedUntil: sql`case when ${hits} >= ${values.max} then ${blockIso}::timestamptz else ${authThrottles.blockedUntil} end`,
          },
        })
        .returning({ hits: authThrottles.hits, blockedUntil: authThrottles.blockedUntil });
      return { hits: row.hits, blockedUntil: row.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null };
    },

    async clear(key: string): Promise<void> {
      await db.delete(authThrottles).where(eq(authThrottles.key, key));
    },

    /** Forgets every counter of a kind for an account (a completed password reset lifts its lockouts). */
    async clearAccount(accountKey: string, kind: ThrottleKind): Promise<void> {
      await db.delete(authThrottles).where(and(eq(authThrottles.accountKey, accountKey), eq(authThrottles.kind, kind)));
    },

    async isTrusted(accountKey: string, deviceHash: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ verifiedAt: trustedDevices.verifiedAt })
        .from(trustedDevices)
        .where(and(eq(trustedDevices.accountKey, accountKey), eq(trustedDevices.deviceHash, deviceHash), gt(trustedDevices.verifiedAt, since)))
        .limit(1);
      return !!row;
    },

    async trust(accountKey: string, deviceHash: string, at: Date): Promise<void> {
      await db
        .insert(trustedDevices)
        .values({ accountKey, deviceHash, verifiedAt: at })
        .onConflictDoUpdate({ target: [trustedDevices.accountKey, trustedDevices.deviceHash], set: { verifiedAt: at } });
    },

    /** Drops counters whose window and block are over, and trust older than `trustedSince`. */
    async purge(windowsBefore: Date, now: Date, trustedSince: Date): Promise<void> {
      await db
        .delete(authThrottles)
        .where(and(lt(authThrottles.windowStartedAt, windowsBefore), or(isNull(authThrottles.blockedUntil), lt(authThrottles.blockedUntil, now))));
      await db.delete(trustedDevices).where(lt(trustedDevices.verifiedAt, trustedSince));
    },
  };
}

export type AuthThrottlesRepository = ReturnType<typeof createAuthThrottlesRepository>;

import { and, eq, gt, sql } from 'drizzle-orm';
import { plainTextArray } from '../array-params';
import type { Executor } from '../client';
import { preparedOnce } from '../prepared';
import { sessions } from '../schema/index';

export function createSessionsRepository(db: Executor) {
  // Every member's page and call looks its session up (ADR 0079).
  const findLive = preparedOnce(() =>
    db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('rdv_sessions_find_user_id'),
  );
  return {
    async insert(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },
    /** The member a live session belongs to, or null for unknown or expired tokens. */
    async findUserId(tokenHash: string, now: Date): Promise<number | null> {
      const [row] = await findLive().execute({ tokenHash, now });
      return row?.userId ?? null;
    },
    /**
     * Of the given token hashes, those of live sessions, with their members. The hashes go as
     * one array parameter: a list of a thousand placeholders took the open sockets' session
     * check 4–19 ms of blocked event loop to build, and the database had to parse and plan it.
     */
    async findUserIds(tokenHashes: string[], now: Date): Promise<Map<string, number>> {
      if (!tokenHashes.length) return new Map();
      const rows = await db
        .select({ tokenHash: sessions.tokenHash, userId: sessions.userId })
        .from(sessions)
        .where(and(sql`${sessions.tokenHash} = any(${plainTextArray(tokenHashes)})`, gt(sessions.expiresAt, now)));
      return new Map(rows.map((row) => [row.tokenHash, row.userId]));
    },
    /** Deletes one session; returns its member, or null when there was none. */
    async delete(tokenHash: string): Promise<number | null> {
      const [row] = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ userId: sessions.userId });
      return row?.userId ?? null;
    },
    /** Deletes every session of a member; returns the hashes of those it deleted. */
    async deleteAllForUser(userId: number): Promise<string[]> {
      const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ tokenHash: sessions.tokenHash });
      return rows.map((row) => row.tokenHash);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

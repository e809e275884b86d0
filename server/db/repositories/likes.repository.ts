import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { likes, users } from '../schema/index';

export type LikeSource = (typeof likes.$inferSelect)['source'];

/** Likes between members, always read from one member's side. */
export function createLikesRepository(db: Executor) {
  return {
    /** Adds a like; false when it existed already. */
    async insert(likerId: number, likedId: number, source: LikeSource, at: Date): Promise<boolean> {
      const rows = await db.insert(likes).values({ likerId, likedId, source, createdAt: at }).onConflictDoNothing().returning({ likerId: likes.likerId });
      return rows.length > 0;
    },
    /** Removes a like; false when there was none. */
    async delete(likerId: number, likedId: number): Promise<boolean> {
      const rows = await db
        .delete(likes)
        .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)))
        .returning({ likerId: likes.likerId });
      return rows.length > 0;
    },
    async exists(likerId: number, likedId: number): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(likes)
        .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
      return row.n > 0;
    },
    /** Ids the member likes, newest first. */
    async listLikedIds(likerId: number, limit = 500): Promise<number[]> {
      const rows = await db.select({ id: likes.likedId }).from(likes).where(eq(likes.likerId, likerId)).orderBy(desc(likes.createdAt)).limit(limit);
      return rows.map((row) => row.id);
    },
    /** Who likes the member, newest first, with the "not yet seen" flag. */
    async listLikers(likedId: number, limit = 500): Promise<{ id: number; isNew: boolean }[]> {
      return db.select({ id: likes.likerId, isNew: likes.isNew }).from(likes).where(eq(likes.likedId, likedId)).orderBy(desc(likes.createdAt)).limit(limit);
    },
    /** Spec §4: opening a liker's profile clears its new-like flag. */
    /** How many of the member's likers they have not looked at yet (the likes badge). */
    async countNew(likedId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(likes)
        .where(and(eq(likes.likedId, likedId), eq(likes.isNew, true)));
      return row.n;
    },
    /** Marks a received like as seen; true when it was still new. */
    async markSeen(likerId: number, likedId: number): Promise<boolean> {
      const marked = await db
        .update(likes)
        .set({ isNew: false })
        .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), eq(likes.isNew, true)))
        .returning({ likerId: likes.likerId });
      return marked.length > 0;
    },
    /**
     * Locks the liker's row to the end of the caller's transaction: a count of their likes read
     * after it stays true until the like is inserted, however many of their requests race.
     */
    async lockLiker(likerId: number): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, likerId)).for('no key update');
      return rows.length === 1;
    },
    async countSince(likerId: number, source: LikeSource, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(likes)
        .where(and(eq(likes.likerId, likerId), eq(likes.source, source), gte(likes.createdAt, since)));
      return row.n;
    },
    /** The newest like the member received from a given source, to space out automatic likes. */
    async lastReceivedAt(likedId: number, source: LikeSource): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | null>`max(${likes.createdAt})` })
        .from(likes)
        .where(and(eq(likes.likedId, likedId), eq(likes.source, source)));
      return row?.at ? new Date(row.at) : null;
    },
  };
}

export type LikesRepository = ReturnType<typeof createLikesRepository>;

import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { blocks, likes, swipePasses, users } from '../schema/index';

export function createBlocksRepository(db: Executor) {
  return {
    /** Blocks and removes the likes between the two, in one transaction; false when there is no such member. */
    async block(blockerId: number, blockedId: number, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
        if (!target) return false;
        await tx.insert(blocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
        await tx
          .delete(likes)
          .where(or(and(eq(likes.likerId, blockerId), eq(likes.likedId, blockedId)), and(eq(likes.likerId, blockedId), eq(likes.likedId, blockerId))));
        return true;
      });
    },
    async unblock(blockerId: number, blockedId: number): Promise<void> {
      await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
    },
    /** Which of the two directions exist between a viewer and another member. */
    async between(viewerId: number, otherId: number): Promise<{ viewerBlocked: boolean; blockedByOther: boolean }> {
      const rows = await db
        .select({ blockerId: blocks.blockerId })
        .from(blocks)
        .where(or(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)), and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, viewerId))));
      return { viewerBlocked: rows.some((row) => row.blockerId === viewerId), blockedByOther: rows.some((row) => row.blockerId === otherId) };
    },
    async passSwipe(userId: number, profileId: number, at: Date): Promise<void> {
      await db.insert(swipePasses).values({ userId, profileId, createdAt: at }).onConflictDoNothing();
    },
    /** Ids the member has already swiped (liked or passed), to leave out of the deck. */
    async listSwipedIds(userId: number): Promise<number[]> {
      const rows = await db.execute<{ id: number }>(sql`select profile_id as id from swipe_passes where user_id = ${userId}
        union select liked_id from likes where liker_id = ${userId}`);
      return (rows as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;

import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../client';
import { executePrepared } from '../prepared';
import { blocks, likes, swipePasses, users } from '../schema/index';

/** Blocks and likes between a viewer and a profile, and whether the viewer pays (`relationBetween`). */
export interface ProfileRelation {
  viewerBlocked: boolean;
  blockedByOther: boolean;
  liked: boolean;
  likesMe: boolean;
  viewerPaid: boolean;
}

/** A member the blocker blocked, for their block list. */
export interface BlockedMemberRow {
  id: number;
  name: string;
  mainFilename: string | null;
  mainThumb: string | null;
  blockedAt: Date;
}

/**
 * Where the other member of a conversation blocked `memberId`: the conversation is withheld from
 * `memberId` (ADR 0021). `members` are the conversation's two member columns in the caller's
 * statement (by default those of a table aliased `c`).
 */
export function withheldFrom(memberId: number, members: { a: SQLWrapper; b: SQLWrapper } = { a: sql`c.member_a`, b: sql`c.member_b` }): SQL {
  return sql`exists (select 1 from blocks wb where wb.blocked_id = ${memberId} and wb.blocker_id in (${members.a}, ${members.b}))`;
}

/**
 * What a member's unread count of a conversation is when counted from its messages: the other
 * member's delivered, unread messages after what the member cleared. `s` is the state's alias.
 */
const UNREAD_RECOUNT = sql`(select count(*)::int from messages m
  where m.conversation_id = s.conversation_id and m.sender_id <> s.user_id and m.read_at is null and not m.held and m.id > s.cleared_through_id)`;

export function createBlocksRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /**
     * Blocks and removes the likes between the two, and takes the pair's conversation out of the
     * blocked member's unread count, in one transaction. Returns the pair's conversation id (null
     * when they never wrote), or false when there is no such member to block.
     */
    async block(blockerId: number, blockedId: number, at: Date): Promise<number | null | false> {
      return db.transaction(async (tx) => {
        const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
        if (!target) return false;
        await tx.insert(blocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
        await tx
          .delete(likes)
          .where(or(and(eq(likes.likerId, blockerId), eq(likes.likedId, blockedId)), and(eq(likes.likerId, blockedId), eq(likes.likedId, blockerId))));
        const [state] = (
          (await tx.execute(sql`
          update conversation_states s set unread_count = 0
          from conversations c
          where c.member_a = least(${blockerId}::int, ${blockedId}::int) and c.member_b = greatest(${blockerId}::int, ${blockedId}::int)
            and s.conversation_id = c.id and s.user_id = ${blockedId}
          returning s.conversation_id as "conversationId"`)) as unknown as { rows: { conversationId: number }[] }
        ).rows;
        return state?.conversationId ?? null;
      });
    },

    /**
     * Lifts the block; the blocked member's unread count of the pair's conversation is counted
     * again from its messages. Returns whether there was a block, and the conversation id.
     */
    async unblock(blockerId: number, blockedId: number): Promise<{ lifted: boolean; conversationId: number | null }> {
      return db.transaction(async (tx) => {
        const lifted = await tx
          .delete(blocks)
          .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
          .returning({ id: blocks.blockedId });
        if (!lifted.length) return { lifted: false, conversationId: null };
        const [state] = (
          (await tx.execute(sql`
          update conversation_states s set unread_count = ${UNREAD_RECOUNT}
          from conversations c
          where c.member_a = least(${blockerId}::int, ${blockedId}::int) and c.member_b = greatest(${blockerId}::int, ${blockedId}::int)
            and s.conversation_id = c.id and s.user_id = ${blockedId} and not s.hidden
          returning s.conversation_id as "conversationId"`)) as unknown as { rows: { conversationId: number }[] }
        ).rows;
        return { lifted: true, conversationId: state?.conversationId ?? null };
      });
    },

    /** The members the blocker blocked, newest block first, with their main photo. */
    async listBlockedBy(blockerId: number): Promise<BlockedMemberRow[]> {
      const rows = await rowsOf<BlockedMemberRow>(sql`
        select p.id, p.name, ph.filename as "mainFilename", ph.thumb_filename as "mainThumb", b.created_at as "blockedAt"
        from blocks b
        join profiles p on p.id = b.blocked_id
        left join photos ph on ph.id = p.main_photo_id and ph.user_id = p.id and ph.status = 'active'
        where b.blocker_id = ${blockerId}
        order by b.created_at desc, p.id desc
        limit 500`);
      return rows.map((row) => ({ ...row, blockedAt: new Date(row.blockedAt) }));
    },

    /** Which of the two directions exist between a viewer and another member. */
    async between(viewerId: number, otherId: number): Promise<{ viewerBlocked: boolean; blockedByOther: boolean }> {
      const rows = await db
        .select({ blockerId: blocks.blockerId })
        .from(blocks)
        .where(or(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)), and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, viewerId))));
      return { viewerBlocked: rows.some((row) => row.blockerId === viewerId), blockedByOther: rows.some((row) => row.blockerId === otherId) };
    },
    /**
     * Everything a profile page needs about viewer and profile, in one statement: blocks either
     * way, likes either way and whether the viewer pays (who may see every photo). It was five
     * statements on every member's view of a profile (issue 36). Its text never varies, so it is
     * a prepared statement on PostgreSQL.
     */
    async relationBetween(viewerId: number, otherId: number): Promise<ProfileRelation> {
      const [row] = await executePrepared<ProfileRelation>(
        db,
        sql`select
          exists (select 1 from blocks where blocker_id = ${viewerId} and blocked_id = ${otherId}) as "viewerBlocked",
          exists (select 1 from blocks where blocker_id = ${otherId} and blocked_id = ${viewerId}) as "blockedByOther",
          exists (select 1 from likes where liker_id = ${viewerId} and liked_id = ${otherId}) as "liked",
          exists (select 1 from likes where liker_id = ${otherId} and liked_id = ${viewerId}) as "likesMe",
          coalesce((select paid_user from users where id = ${viewerId}), false) as "viewerPaid"`,
      );
      return row!;
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

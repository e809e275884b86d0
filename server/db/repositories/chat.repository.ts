import { and, count, desc, eq, gt, gte, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { withheldFrom } from './blocks.repository';
import { conversationStates, conversations, messages, type ConversationRow, type MessageRow } from '../schema/index';

export interface ChatListRow {
  conversationId: number;
  otherId: number;
  unreadCount: number;
  lastMessageAt: Date;
  lastMessageId: number | null;
  lastBody: string | null;
  lastKind: MessageRow['kind'] | null;
  lastSenderId: number | null;
  /** The member blocked the other one (they keep the conversation, but cannot write in it). */
  blockedByMe: boolean;
  /** Both like each other (a match): the chat list marks it and links to the match page. */
  matched: boolean;
}

const pair = (a: number, b: number) => (a < b ? { memberA: a, memberB: b } : { memberA: b, memberB: a });

/** Conversations and messages, always read from one participant's side. */
export function createChatRepository(db: Executor) {
  /** What of a conversation a member may see: after what they cleared, and no message held from them. */
  async function shownConditions(conversationId: number, userId: number) {
    const [state] = await db
      .select()
      .from(conversationStates)
      .where(and(eq(conversationStates.conversationId, conversationId), eq(conversationStates.userId, userId)));
    return [
      eq(messages.conversationId, conversationId),
      gt(messages.id, state?.clearedThroughId ?? 0),
      or(eq(messages.held, false), eq(messages.senderId, userId)),
    ];
  }

  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    async findBetween(a: number, b: number): Promise<ConversationRow | null> {
      const { memberA, memberB } = pair(a, b);
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.memberA, memberA), eq(conversations.memberB, memberB)))
        .limit(1);
      return row ?? null;
    },

    /** The conversation if `userId` takes part in it; null otherwise (never another pair's). */
    async findForMember(conversationId: number, userId: number): Promise<ConversationRow | null> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, conversationId), or(eq(conversations.memberA, userId), eq(conversations.memberB, userId))))
        .limit(1);
      return row ?? null;
    },

    /**
     * The conversation if `userId` takes part in it and may read it: not when the other member
     * blocked them (ADR 0021). Every read of a conversation's content for a member goes here.
     */
    async findShownTo(conversationId: number, userId: number): Promise<ConversationRow | null> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.id, conversationId),
            or(eq(conversations.memberA, userId), eq(conversations.memberB, userId)),
            sql`not ${withheldFrom(userId, { a: conversations.memberA, b: conversations.memberB })}`,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The pair's conversation as `memberId` may see it: null when the other member blocked them. */
    async findBetweenShownTo(memberId: number, otherId: number): Promise<ConversationRow | null> {
      const conversation = await this.findBetween(memberId, otherId);
      return conversation && (await this.findShownTo(conversation.id, memberId));
    },

    /** Creates the pair's conversation, or returns the one a concurrent request just made. */
    async create(a: number, b: number, startedBy: number, at: Date): Promise<ConversationRow> {
      const { memberA, memberB } = pair(a, b);
      const [created] = await db
        .insert(conversations)
        .values({ memberA, memberB, startedBy, createdAt: at, lastMessageAt: at })
        .onConflictDoNothing()
        .returning();
      const conversation = created ?? (await this.findBetween(a, b))!;
      await db
        .insert(conversationStates)
        .values([
          { conversationId: conversation.id, userId: a },
          { conversationId: conversation.id, userId: b },
        ])
        .onConflictDoNothing();
      return conversation;
    },

    async countStartedBy(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(conversations).where(eq(conversations.startedBy, userId));
      return row.n;
    },

    async findByClientId(senderId: number, clientId: string): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
        .limit(1);
      return row ?? null;
    },

    /** Free text messages a member has sent (the free allowance counts these). */
    async countFreeSent(senderId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.senderId, senderId), eq(messages.creditsSpent, 0), eq(messages.kind, 'text')));
      return row.n;
    },

    /** Stores a message; the recipient's conversation shows again and counts it unread unless held. */
    async insertMessage(values: typeof messages.$inferInsert, recipientId: number): Promise<MessageRow> {
      const [message] = await db.insert(messages).values(values).returning();
      await db.update(conversations).set({ lastMessageAt: values.createdAt }).where(eq(conversations.id, values.conversationId));
      await db
        .update(conversationStates)
        .set({ hidden: false, ...(values.held ? {} : { unreadCount: sql`${conversationStates.unreadCount} + 1` }) })
        .where(and(eq(conversationStates.conversationId, values.conversationId), eq(conversationStates.userId, recipientId)));
      await db
        .update(conversationStates)
        .set({ hidden: false })
        .where(and(eq(conversationStates.conversationId, values.conversationId), eq(conversationStates.userId, values.senderId)));
      return message;
    },

    /** A member's conversations, newest first, with the other member and the last visible message. */
    async listChats(userId: number, limit = 200): Promise<ChatListRow[]> {
      return rowsOf<ChatListRow>(sql`
        select c.id as "conversationId",
               case when c.member_a = ${userId} then c.member_b else c.member_a end as "otherId",
               s.unread_count as "unreadCount", c.last_message_at as "lastMessageAt",
               m.id as "lastMessageId", m.body as "lastBody", m.kind as "lastKind", m.sender_id as "lastSenderId",
               exists (select 1 from blocks mine where mine.blocker_id = ${userId} and mine.blocked_id in (c.member_a, c.member_b)) as "blockedByMe",
               exists (select 1 from likes given join likes back on back.liker_id = given.liked_id and back.liked_id = given.liker_id
                       where given.liker_id = ${userId} and given.liked_id in (c.member_a, c.member_b) and given.liked_id <> ${userId}) as "matched"
        from conversation_states s
        join conversations c on c.id = s.conversation_id
        left join lateral (
          select id, body, kind, sender_id from messages
          where conversation_id = c.id and id > s.cleared_through_id and (not held or sender_id = ${userId})
          order by id desc limit 1) m on true
        where s.user_id = ${userId} and not s.hidden and not ${withheldFrom(userId)}
        order by c.last_message_at desc limit ${limit}`);
    },

    /** Messages of a conversation the member may see, newest first, before `beforeId`. */
    async history(conversationId: number, userId: number, beforeId: number | null, limit: number): Promise<MessageRow[]> {
      const conditions = await shownConditions(conversationId, userId);
      if (beforeId) conditions.push(lt(messages.id, beforeId));
      return db
        .select()
        .from(messages)
        .where(and(...conditions))
        .orderBy(desc(messages.id))
        .limit(limit);
    },

    /** How many of the messages the member may see are `fromId` or newer: the history they were already given. */
    async countShownFrom(conversationId: number, userId: number, fromId: number): Promise<number> {
      const conditions = await shownConditions(conversationId, userId);
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(messages)
        .where(and(...conditions, gte(messages.id, fromId)));
      return row?.count ?? 0;
    },

    /** Marks everything from the other member read; returns the ids that changed. */
    async markRead(conversationId: number, userId: number, at: Date): Promise<number[]> {
      await db
        .update(conversationStates)
        .set({ unreadCount: 0 })
        .where(and(eq(conversationStates.conversationId, conversationId), eq(conversationStates.userId, userId)));
      const rows = await db
        .update(messages)
        .set({ readAt: at })
        .where(
          and(eq(messages.conversationId, conversationId), sql`${messages.senderId} <> ${userId}`, sql`${messages.readAt} is null`, eq(messages.held, false)),
        )
        .returning({ id: messages.id });
      return rows.map((row) => row.id);
    },

    /**
     * Removes the conversation for one member: hidden, and its messages cleared for them. What
     * they saw before is kept with the time, so `restoreForMember` can undo it. A second removal
     * of a conversation already hidden changes nothing (a retry keeps the first undo intact).
     */
    async hideForMember(conversationId: number, userId: number, at: Date): Promise<void> {
      await db.execute(sql`update conversation_states set hidden = true, unread_count = 0, removed_at = ${at},
          cleared_through_before_removal = cleared_through_id, unread_before_removal = unread_count,
          cleared_through_id = coalesce((select max(id) from messages where conversation_id = ${conversationId}), 0)
        where conversation_id = ${conversationId} and user_id = ${userId} and not hidden`);
    },

    /**
     * Undoes the member's removal made at or after `removedSince`: shown again with the history
     * and unread count they had (plus anything that arrived meanwhile). Returns whether a removal
     * was undone; `findRemoval` tells a repeated undo from one too late.
     */
    async restoreForMember(conversationId: number, userId: number, removedSince: Date): Promise<boolean> {
      const rows = await db
        .update(conversationStates)
        .set({
          hidden: false,
          clearedThroughId: sql`${conversationStates.clearedThroughBeforeRemoval}`,
          unreadCount: sql`${conversationStates.unreadCount} + ${conversationStates.unreadBeforeRemoval}`,
          removedAt: null,
          clearedThroughBeforeRemoval: null,
          unreadBeforeRemoval: null,
        })
        .where(
          and(
            eq(conversationStates.conversationId, conversationId),
            eq(conversationStates.userId, userId),
            gte(conversationStates.removedAt, removedSince),
            sql`${conversationStates.clearedThroughBeforeRemoval} is not null`,
          ),
        )
        .returning({ id: conversationStates.conversationId });
      return rows.length > 0;
    },

    /** The member's own state of a conversation: whether it is hidden and when they last removed it. */
    async findRemoval(conversationId: number, userId: number): Promise<{ hidden: boolean; removedAt: Date | null } | null> {
      const [row] = await db
        .select({ hidden: conversationStates.hidden, removedAt: conversationStates.removedAt })
        .from(conversationStates)
        .where(and(eq(conversationStates.conversationId, conversationId), eq(conversationStates.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    async totalUnread(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${conversationStates.unreadCount}), 0)::int` })
        .from(conversationStates)
        .where(and(eq(conversationStates.userId, userId), eq(conversationStates.hidden, false)));
      return row.n;
    },

    /** Delivers messages held for a member who has now confirmed their address. */
    async releaseHeldFor(recipientId: number): Promise<{ conversationId: number; count: number }[]> {
      return rowsOf<{ conversationId: number; count: number }>(sql`
        with released as (
          update messages m set held = false
          from conversations c
          where m.conversation_id = c.id and m.held and m.sender_id <> ${recipientId}
            and (c.member_a = ${recipientId} or c.member_b = ${recipientId})
          returning m.conversation_id), counted as (
          select conversation_id, count(*)::int as n from released group by conversation_id)
        update conversation_states s set unread_count = s.unread_count + counted.n, hidden = false
        from counted join conversations c on c.id = counted.conversation_id
        where s.conversation_id = counted.conversation_id and s.user_id = ${recipientId}
          -- Withheld by a block: delivered, and counted once the block is lifted.
          and not ${withheldFrom(recipientId)}
        returning s.conversation_id as "conversationId", counted.n as count`);
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;

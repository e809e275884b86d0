import { and, asc, eq, gt, max, or, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { conversationStates, conversations, messages, type MessageRow } from '../schema/index';
import { withheldFrom } from './blocks.repository';

/** What a member's tab missed while it was away, for the realtime resync. */
export function createChatSyncRepository(db: Executor) {
  return {
    /**
     * Messages after `afterMessageId` in the member's conversations, oldest first, that the
     * member may see: not held for them (their own held messages they do see), nor removed by
     * them, nor withheld from them by the other member's block (ADR 0021). A removed
     * conversation that got a new message since shows that message again.
     */
    async messagesSince(memberId: number, afterMessageId: number, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .select({ message: messages })
        .from(conversationStates)
        .innerJoin(messages, eq(messages.conversationId, conversationStates.conversationId))
        .innerJoin(conversations, eq(conversations.id, conversationStates.conversationId))
        .where(
          and(
            eq(conversationStates.userId, memberId),
            sql`not ${withheldFrom(memberId, { a: conversations.memberA, b: conversations.memberB })}`,
            gt(messages.id, afterMessageId),
            gt(messages.id, conversationStates.clearedThroughId),
            or(eq(messages.held, false), eq(messages.senderId, memberId)),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(limit);
      return rows.map((row) => row.message);
    },

    /**
     * The newest message id `messagesSince` could return for the member (0 when none): the
     * cursor of a tab that starts from its page data instead of replaying the history.
     */
    async newestMessageId(memberId: number): Promise<number> {
      const [row] = await db
        .select({ newest: max(messages.id) })
        .from(conversationStates)
        .innerJoin(messages, eq(messages.conversationId, conversationStates.conversationId))
        .where(
          and(
            eq(conversationStates.userId, memberId),
            gt(messages.id, conversationStates.clearedThroughId),
            or(eq(messages.held, false), eq(messages.senderId, memberId)),
          ),
        );
      return Number(row?.newest ?? 0);
    },
  };
}

export type ChatSyncRepository = ReturnType<typeof createChatSyncRepository>;

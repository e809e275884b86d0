import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { withheldFrom } from './blocks.repository';
import { conversations, messages, type MessageRow } from '../schema/index';

/**
 * Photo messages, always seen from one member's side: a member reaches a photo only through a
 * conversation they take part in and that no block withholds from them, and a held photo only
 * when they sent it.
 */
export function createMessagePhotosRepository(db: Executor) {
  const isMember = (memberId: number) => or(eq(conversations.memberA, memberId), eq(conversations.memberB, memberId));
  /** Not in a conversation the other member's block withholds from `memberId` (ADR 0021). */
  const notWithheld = (memberId: number) => sql`not ${withheldFrom(memberId, { a: conversations.memberA, b: conversations.memberB })}`;

  return {
    /** Every photo file in the member's conversations, which go with them when the account is purged. */
    async filesInConversationsOf(memberId: number): Promise<string[]> {
      const rows = await db
        .select({ filename: messages.photoFilename })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(and(eq(messages.kind, 'photo'), isMember(memberId)));
      return rows.flatMap((row) => (row.filename ? [row.filename] : []));
    },

    /** The photo message if `memberId` is one of its conversation's two members and may see it. */
    async findForMember(messageId: number, memberId: number): Promise<MessageRow | null> {
      const [row] = await db
        .select({ message: messages })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(messages.id, messageId),
            eq(messages.kind, 'photo'),
            isMember(memberId),
            or(eq(messages.held, false), eq(messages.senderId, memberId)),
            notWithheld(memberId),
          ),
        )
        .limit(1);
      return row?.message ?? null;
    },

    /**
     * Marks a photo revealed, only for its recipient (a member of the conversation who did not
     * send it); the first reveal's time stays. Null when the member may not reveal it.
     */
    async reveal(messageId: number, recipientId: number, at: Date): Promise<MessageRow | null> {
      const [row] = await db
        .update(messages)
        .set({ photoRevealedAt: sql`coalesce(${messages.photoRevealedAt}, ${at.toISOString()}::timestamptz)` })
        .where(
          and(
            eq(messages.id, messageId),
            eq(messages.kind, 'photo'),
            eq(messages.held, false),
            ne(messages.senderId, recipientId),
            sql`exists (select 1 from ${conversations} where ${conversations.id} = ${messages.conversationId} and (${conversations.memberA} = ${recipientId} or ${conversations.memberB} = ${recipientId}) and ${notWithheld(recipientId)})`,
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type MessagePhotosRepository = ReturnType<typeof createMessagePhotosRepository>;

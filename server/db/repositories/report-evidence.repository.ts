import { and, asc, desc, eq, gt, lte, ne } from 'drizzle-orm';
import type { Executor } from '../client';
import { conversations, messages, photos, profiles } from '../schema/index';

/** What a report is about, as staff need to see it: the reported member's photos and text, the conversation's messages. */
export function createReportEvidenceRepository(db: Executor) {
  return {
    photosOf: (memberId: number) =>
      db
        .select({ id: photos.id, filename: photos.filename, thumbFilename: photos.thumbFilename, status: photos.status })
        .from(photos)
        .where(and(eq(photos.userId, memberId), ne(photos.status, 'rejected')))
        .orderBy(asc(photos.position), asc(photos.id))
        .limit(50),

    async aboutOf(memberId: number): Promise<string | null> {
      const [row] = await db.select({ about: profiles.about }).from(profiles).where(eq(profiles.id, memberId)).limit(1);
      return row ? row.about : null;
    },

    async conversation(conversationId: number) {
      const [row] = await db
        .select({ a: conversations.memberA, b: conversations.memberB })
        .from(conversations)
        .where(eq(conversations.id, conversationId))
        .limit(1);
      return row ?? null;
    },

    /**
     * The messages around a moment: the `before` last ones up to it and the `after` first ones
     * since, in time order — what led to a report and what followed.
     */
    async messagesAround(conversationId: number, at: Date, counts: { before: number; after: number }) {
      const columns = {
        id: messages.id,
        senderId: messages.senderId,
        kind: messages.kind,
        body: messages.body,
        giftId: messages.giftId,
        createdAt: messages.createdAt,
      };
      const [earlier, later] = await Promise.all([
        db
          .select(columns)
          .from(messages)
          .where(and(eq(messages.conversationId, conversationId), lte(messages.createdAt, at)))
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(counts.before),
        db
          .select(columns)
          .from(messages)
          .where(and(eq(messages.conversationId, conversationId), gt(messages.createdAt, at)))
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(counts.after),
      ]);
      return [...earlier.reverse(), ...later];
    },
  };
}

import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { cannedReplies, type CannedReplyRow } from '../schema/index';

export type CannedReplyFields = Pick<CannedReplyRow, 'language' | 'title' | 'body'>;

/** Hosts' canned replies (issue 32): queries only; the rules live in the service. */
export function createCannedRepliesRepository(db: Executor) {
  return {
    /** A site's replies, in one language or all, by language then title. */
    list(siteId: number, language: string | null): Promise<CannedReplyRow[]> {
      return db
        .select()
        .from(cannedReplies)
        .where(and(eq(cannedReplies.siteId, siteId), language === null ? undefined : eq(cannedReplies.language, language)))
        .orderBy(asc(cannedReplies.language), asc(cannedReplies.title), asc(cannedReplies.id));
    },

    /** Within a transaction: the reply, held until it commits, so two edits never interleave. */
    async lock(id: number): Promise<CannedReplyRow | null> {
      const [row] = await db.select().from(cannedReplies).where(eq(cannedReplies.id, id)).for('update').limit(1);
      return row ?? null;
    },

    async insert(siteId: number, fields: CannedReplyFields, createdBy: number | null, now: Date): Promise<CannedReplyRow> {
      const [row] = await db
        .insert(cannedReplies)
        .values({ siteId, ...fields, createdBy, createdAt: now, updatedAt: now })
        .returning();
      return row;
    },

    async update(id: number, fields: Partial<CannedReplyFields>, now: Date): Promise<CannedReplyRow> {
      const [row] = await db
        .update(cannedReplies)
        .set({ ...fields, updatedAt: now })
        .where(eq(cannedReplies.id, id))
        .returning();
      return row;
    },

    async remove(id: number): Promise<void> {
      await db.delete(cannedReplies).where(eq(cannedReplies.id, id));
    },
  };
}

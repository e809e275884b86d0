import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { hostNotes, staff, type HostNoteRow } from '../schema/index';
import { siteCondition } from './site-scope-filter';

export interface HostNoteWithAuthor extends HostNoteRow {
  /** The author's name as staff know it; null once the account is gone. */
  authorName: string | null;
}

/** Hosts' notes on members and fictional profiles (issue 32): queries only. */
export function createHostNotesRepository(db: Executor) {
  return {
    /** The notes about these people, newest first, with their authors. */
    async listAbout(subjectIds: number[]): Promise<HostNoteWithAuthor[]> {
      if (subjectIds.length === 0) return [];
      return db
        .select({
          id: hostNotes.id,
          subjectId: hostNotes.subjectId,
          staffId: hostNotes.staffId,
          body: hostNotes.body,
          createdAt: hostNotes.createdAt,
          authorName: staff.name,
        })
        .from(hostNotes)
        .leftJoin(staff, eq(staff.id, hostNotes.staffId))
        .where(inArray(hostNotes.subjectId, subjectIds))
        .orderBy(desc(hostNotes.createdAt), desc(hostNotes.id));
    },

    async insert(subjectId: number, staffId: number | null, body: string, now: Date): Promise<HostNoteRow> {
      const [row] = await db.insert(hostNotes).values({ subjectId, staffId, body, createdAt: now }).returning();
      return row;
    },

    /** Within a transaction: the note, held until it commits. */
    async lock(id: number): Promise<HostNoteRow | null> {
      const [row] = await db.select().from(hostNotes).where(eq(hostNotes.id, id)).for('update').limit(1);
      return row ?? null;
    },

    /**
     * Whether hosts of these sites reach the person through a conversation: a fictional profile of
     * one of them, or a member who talks with such a profile (ADR 0060).
     */
    async isReachableFrom(subjectId: number, sites: readonly number[]): Promise<boolean> {
      const result = await db.execute(sql`
        select exists (
          select 1 from users s
          where s.id = ${subjectId} and (
            (s.is_fictional and ${siteCondition(sql`s.site_id`, sites)})
            or (not s.is_fictional and exists (
              select 1 from conversations c
              join users f on f.id = case when c.member_a = s.id then c.member_b else c.member_a end
              where (c.member_a = s.id or c.member_b = s.id) and f.is_fictional and ${siteCondition(sql`f.site_id`, sites)}))
          )
        ) as "reachable"`);
      return (result as unknown as { rows: { reachable: boolean }[] }).rows[0]?.reachable === true;
    },

    async remove(id: number): Promise<void> {
      await db.delete(hostNotes).where(eq(hostNotes.id, id));
    },
  };
}

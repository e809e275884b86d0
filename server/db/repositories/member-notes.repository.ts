import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { memberNotes, staff, type MemberNoteRow } from '../schema/index';

export interface MemberNoteWithAuthor extends MemberNoteRow {
  /** The author as staff know them (name, else address); null once the account is gone. */
  authorName: string | null;
  authorEmail: string | null;
}

/** Staff notes on a member (issue 33): queries only, always for one member. */
export function createMemberNotesRepository(db: Executor) {
  return {
    /** The member's notes, newest first, with their authors. */
    listFor(userId: number): Promise<MemberNoteWithAuthor[]> {
      return db
        .select({
          id: memberNotes.id,
          userId: memberNotes.userId,
          staffId: memberNotes.staffId,
          body: memberNotes.body,
          createdAt: memberNotes.createdAt,
          authorName: staff.name,
          authorEmail: staff.email,
        })
        .from(memberNotes)
        .leftJoin(staff, eq(staff.id, memberNotes.staffId))
        .where(eq(memberNotes.userId, userId))
        .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id))
        .limit(200);
    },

    async insert(userId: number, staffId: number | null, body: string, now: Date): Promise<MemberNoteRow> {
      const [row] = await db.insert(memberNotes).values({ userId, staffId, body, createdAt: now }).returning();
      return row;
    },
  };
}

import type { MemberNotes } from '../../../contract/admin/member-notes';
import { hasPermission } from '../../../contract/admin/roles';
import type { Executor } from '../../db/client';
import { createMemberAdminRepository } from '../../db/repositories/member-admin.repository';
import { createMemberNotesRepository, type MemberNoteWithAuthor } from '../../db/repositories/member-notes.repository';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';

/** Whoever may open the member page reads its notes: every role with `members.read`, and the command line. */
const maySeeMember = (actor: StaffActor) => actor.role === 'system' || hasPermission(actor.role, 'members.read');

const presentNote = (note: MemberNoteWithAuthor) => ({
  id: note.id,
  body: note.body,
  author: note.authorName || note.authorEmail || null,
  created_at: note.createdAt.toISOString(),
});

/**
 * Staff notes on a member (issue 33): what support agreed, what a moderator saw, for the next
 * person who opens the page. Notes are added, never edited (the audit log keeps each one);
 * the domain checks the reader's role again behind the route's rule.
 */
export function createMemberNotes(deps: { db: Executor; audit: AuditService; clock: Clock }) {
  const { db, audit, clock } = deps;

  async function listNotes(actor: StaffActor, memberId: number, executor: Executor = db): Promise<MemberNotes> {
    if (!maySeeMember(actor)) throw new AppError('staff_forbidden');
    if (!(await createMemberAdminRepository(executor).findMember(memberId))) throw new AppError('not_found');
    return { notes: (await createMemberNotesRepository(executor).listFor(memberId)).map(presentNote) };
  }

  return {
    /** The member's notes, newest first, with author and date. */
    listNotes: (actor: StaffActor, memberId: number) => listNotes(actor, memberId),

    /** Adds a note with its audit row in one transaction; answers with the notes as they are now. */
    async addNote(actor: StaffActor, memberId: number, body: string): Promise<MemberNotes> {
      if (!maySeeMember(actor)) throw new AppError('staff_forbidden');
      await db.transaction(async (tx) => {
        if (!(await createMemberAdminRepository(tx).lock(memberId))) throw new AppError('not_found');
        const note = await createMemberNotesRepository(tx).insert(memberId, actor.id, body, clock.now());
        await audit.record(tx, actor, { action: 'member.note_add', targetType: 'member', targetId: memberId, after: { note_id: note.id, body } });
      });
      return listNotes(actor, memberId);
    },
  };
}

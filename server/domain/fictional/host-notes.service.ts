import type { Database } from '../../db/client';
import { createFictionalRepository } from '../../db/repositories/fictional.repository';
import { createHostNotesRepository, type HostNoteWithAuthor } from '../../db/repositories/host-notes.repository';
import type { HostNoteRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { assertSiteAllowed, scopeOfActor, type SiteScope } from '../staff/site-scope';

export type NoteSubject = 'member' | 'profile';

/**
 * Hosts' notes (issue 32) on the member and on the fictional profile of a conversation, seen by
 * every host: notes are reached through a conversation with a fictional profile only, so no
 * host writes about anyone else. A host deletes only their own notes; every write is audited.
 *
 * Site limits (ADR 0060) follow the conversation: it belongs to its fictional profile's site. A
 * note about a person is shown wherever a host reaches that person through such a conversation
 * (notes are about the person, not the site), and a note is found for deletion only by hosts who
 * reach its subject so.
 */
export function createHostNotesService(deps: { db: Database; audit: AuditService; clock: Clock }) {
  const conversations = createFictionalRepository(deps.db);
  const reader = createHostNotesRepository(deps.db);

  async function partiesOf(conversationId: number, scope: SiteScope) {
    const conversation = await conversations.findConversation(conversationId);
    if (!conversation) throw new AppError('not_found');
    assertSiteAllowed(scope, conversation.siteId);
    return { member: conversation.memberId, profile: conversation.fictionalId };
  }

  return {
    /** The notes about the conversation's member and its fictional profile, newest first. */
    async list(conversationId: number, scope: SiteScope): Promise<{ member: HostNoteWithAuthor[]; profile: HostNoteWithAuthor[] }> {
      const parties = await partiesOf(conversationId, scope);
      const notes = await reader.listAbout([parties.member, parties.profile]);
      return { member: notes.filter((note) => note.subjectId === parties.member), profile: notes.filter((note) => note.subjectId === parties.profile) };
    },

    async add(actor: StaffActor, conversationId: number, about: NoteSubject, body: string): Promise<HostNoteRow> {
      const subjectId = (await partiesOf(conversationId, scopeOfActor(actor)))[about];
      return deps.db.transaction(async (tx) => {
        const note = await createHostNotesRepository(tx).insert(subjectId, actor.id, body, deps.clock.now());
        await deps.audit.record(tx, actor, {
          action: 'host_note.add',
          targetType: 'host_note',
          targetId: note.id,
          after: { subject_id: subjectId, about, body },
        });
        return note;
      });
    },

    /**
     * Deletes the actor's own note; another host's is refused (403), a missing one is a 404, and
     * so is one about a person the actor's sites do not reach.
     */
    async remove(actor: StaffActor, noteId: number): Promise<void> {
      const scope = scopeOfActor(actor);
      await deps.db.transaction(async (tx) => {
        const repository = createHostNotesRepository(tx);
        const note = await repository.lock(noteId);
        if (!note) throw new AppError('not_found');
        if (scope !== null && !(await repository.isReachableFrom(note.subjectId, scope))) throw new AppError('not_found');
        if (note.staffId !== actor.id) throw new AppError('staff_forbidden', { detail: 'only the author deletes a note' });
        await repository.remove(noteId);
        await deps.audit.record(tx, actor, {
          action: 'host_note.delete',
          targetType: 'host_note',
          targetId: noteId,
          before: { subject_id: note.subjectId, body: note.body },
        });
      });
    },
  };
}

export type HostNotesService = ReturnType<typeof createHostNotesService>;

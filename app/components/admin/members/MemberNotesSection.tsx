import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { MEMBER_NOTE_MAX, type MemberNote, type MemberNotes } from '../../../../contract/admin/member-notes';
import { api } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';
import { when } from './member-page';

/**
 * Staff notes on the member (issue 33): newest first with author and time, and a box to add
 * one when the role may write them. Notes are shown as text, never as HTML.
 */
export function MemberNotesSection({ memberId, initial, canWrite }: { memberId: number; initial: MemberNote[]; canWrite: boolean }) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState(initial);
  const [text, setText] = useState('');
  const add = useApiAction(() => api<MemberNotes>(`/api/admin/members/${memberId}/notes`, { method: 'POST', body: { text }, retries: 0 }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await add.run();
    if (answer) {
      setNotes(answer.notes);
      setText('');
    }
  };

  return (
    <section className="card mb-3" aria-labelledby="member-notes">
      <div className="card-body">
        <h2 className="h5" id="member-notes">
          {t('member.notes.title')}
        </h2>
        {notes.length === 0 && <p className="small text-body-secondary">{t('member.notes.none')}</p>}
        <ul className="list-unstyled mb-3">
          {notes.map((note) => (
            <li key={note.id} className="border-bottom py-2" data-testid="member-note">
              <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</div>
              <div className="small text-body-secondary">
                {note.author ?? t('member.notes.former_staff')} · {when(note.created_at)}
              </div>
            </li>
          ))}
        </ul>
        {canWrite && (
          <form onSubmit={submit}>
            {add.error && (
              <div className="alert alert-danger py-1 small" role="alert">
                {add.error.message}
              </div>
            )}
            <label className="form-label" htmlFor="member-note-text">
              {t('member.notes.add_label')}
            </label>
            <textarea
              id="member-note-text"
              className="form-control"
              rows={3}
              maxLength={MEMBER_NOTE_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className="btn btn-sm btn-outline-primary mt-2" disabled={add.pending || !text.trim()}>
              {t('member.notes.add')}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}

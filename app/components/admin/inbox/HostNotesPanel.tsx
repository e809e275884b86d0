import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useRevalidator } from 'react-router';
import { HOST_NOTE_MAX, type HostNote } from '../../../../contract/admin/host-notes';
import { api } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';

/**
 * The hosts' shared notes on one side of a conversation (the member or the fictional profile):
 * newest first with author and time, a box to add one, and delete on one's own notes. Notes are
 * shown as text, never as HTML.
 */
export function HostNotesPanel({ conversationId, about, notes }: { conversationId: number; about: 'member' | 'profile'; notes: HostNote[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [text, setText] = useState('');
  const add = useApiAction(() => api(`/api/admin/inbox/${conversationId}/notes`, { method: 'POST', body: { about, text }, retries: 0 }));
  const remove = useApiAction((id: number) => api(`/api/admin/inbox/notes/${id}`, { method: 'DELETE', retries: 0 }));
  const inputId = `notes-${about}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await add.run()) !== undefined) {
      setText('');
      await revalidator.revalidate();
    }
  };
  const error = add.error ?? remove.error;

  return (
    <div className="mt-3" data-testid={`notes-${about}`}>
      <h3 className="h6 small fw-bold">{t(`inbox.notes.title_${about}`)}</h3>
      {notes.length === 0 && <p className="small text-body-secondary mb-2">{t('inbox.notes.none')}</p>}
      <ul className="list-unstyled small mb-2">
        {notes.map((note) => (
          <li key={note.id} className="border-bottom py-1" data-testid="host-note">
            <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</div>
            <div className="d-flex align-items-center gap-2 text-body-secondary">
              <span>
                {note.author ?? t('inbox.notes.former_staff')} · {note.created_at.slice(0, 16).replace('T', ' ')}
              </span>
              {note.mine && (
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 text-danger"
                  onClick={async () => {
                    if ((await remove.run(note.id)) !== undefined) await revalidator.revalidate();
                  }}
                >
                  {t('inbox.notes.delete')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {error && (
        <div className="alert alert-danger py-1 small" role="alert">
          {error.message}
        </div>
      )}
      <form onSubmit={submit}>
        <label className="form-label small mb-0" htmlFor={inputId}>
          {t(`inbox.notes.add_${about}`)}
        </label>
        <textarea
          id={inputId}
          className="form-control form-control-sm"
          rows={2}
          maxLength={HOST_NOTE_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-sm btn-outline-primary mt-1" disabled={add.pending || !text.trim()}>
          {t('inbox.notes.add')}
        </button>
      </form>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ReportEvidence } from '../../../../contract/admin/report-evidence';
import { MESSAGES_AFTER_REPORT, MESSAGES_BEFORE_REPORT } from '../../../../contract/admin/report-evidence';
import { api } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';
import { ActionDialog } from '../members/ActionDialog';
import { ContentReasonField } from '../members/ContentReasonField';

type Removal = { kind: 'photo'; photo: ReportEvidence['photos'][number] } | { kind: 'text' };

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * What a report is about, shown beside it (issue 32): the reported member's photos and profile
 * text — each removable by a moderator with a reason the member is told — and the conversation's
 * messages around the report. Members' words are shown as text, never as HTML.
 */
export function ReportEvidenceSection({ evidence, memberId, canRemove }: { evidence: ReportEvidence; memberId: number | null; canRemove: boolean }) {
  const { t } = useTranslation();
  const [photos, setPhotos] = useState(evidence.photos);
  const [about, setAbout] = useState(evidence.about);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [reason, setReason] = useState('nudity');
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useApiAction((target: Removal, why: string) =>
    target.kind === 'photo'
      ? api(`/api/admin/photos/${target.photo.id}/remove`, { method: 'POST', body: { reason: why }, retries: 0 })
      : api(`/api/admin/members/${memberId}/profile-text/remove`, { method: 'POST', body: { reason: why }, retries: 0 }),
  );
  const open = (next: Removal) => {
    remove.clearError();
    setNotice(null);
    setReason(next.kind === 'photo' ? 'nudity' : 'contact_details');
    setRemoval(next);
  };
  const confirm = async () => {
    if (!removal || (await remove.run(removal, reason)) === undefined) return;
    if (removal.kind === 'photo') setPhotos((list) => list.filter((photo) => photo.id !== removal.photo.id));
    else setAbout('');
    setNotice(removal.kind === 'photo' ? t('reports.photo_removed', { id: removal.photo.id }) : t('reports.text_removed'));
    setRemoval(null);
  };

  return (
    <section className="mb-4" aria-labelledby="report-evidence" data-testid="report-evidence">
      <h2 className="h5" id="report-evidence">
        {t('reports.evidence')}
      </h2>
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      {memberId && (
        <>
          <h3 className="h6">{t('reports.evidence_photos')}</h3>
          {photos.length ? (
            <ul className="list-unstyled d-flex flex-wrap gap-3">
              {photos.map((photo) => (
                <li key={photo.id} className="text-center small" data-testid="evidence-photo">
                  <a href={photo.url} target="_blank" rel="noreferrer">
                    <img
                      src={photo.thumb_url}
                      alt={t('member.photo_alt', { id: photo.id, status: photo.status })}
                      width={128}
                      height={128}
                      className="rounded object-fit-cover d-block"
                    />
                  </a>
                  {canRemove && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger mt-1"
                      aria-label={t('member.remove_photo_label', { id: photo.id })}
                      onClick={() => open({ kind: 'photo', photo })}
                    >
                      {t('member.remove_photo')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-body-secondary">{t('reports.evidence_none')}</p>
          )}
          <h3 className="h6">{t('reports.evidence_about')}</h3>
          <blockquote className="border-start border-3 ps-3" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="evidence-about">
            {about || <span className="text-body-secondary">{t('reports.evidence_none')}</span>}
          </blockquote>
          {canRemove && about?.trim() && (
            <button type="button" className="btn btn-sm btn-outline-danger mb-3" onClick={() => open({ kind: 'text' })}>
              {t('member.remove_text')}
            </button>
          )}
        </>
      )}
      {evidence.messages.length > 0 && (
        <>
          <h3 className="h6">{t('reports.evidence_messages')}</h3>
          <p className="small text-body-secondary">{t('reports.evidence_messages_note', { before: MESSAGES_BEFORE_REPORT, after: MESSAGES_AFTER_REPORT })}</p>
          <ol className="list-unstyled" data-testid="evidence-messages">
            {evidence.messages.map((message) => (
              <li key={message.id} className={`mb-2 p-2 rounded border ${message.from_reporter ? '' : 'bg-body-tertiary'}`}>
                <div className="small text-body-secondary">
                  {message.from_reporter ? t('reports.from_reporter') : t('reports.from_reported')} · {when(message.at)}
                </div>
                <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.kind === 'text' ? message.text : `[${message.kind}]`}</div>
              </li>
            ))}
          </ol>
        </>
      )}
      {removal && (
        <ActionDialog
          show
          title={removal.kind === 'photo' ? t('member.act.remove_photo.title', { id: removal.photo.id }) : t('member.act.remove_text.title')}
          body={removal.kind === 'photo' ? t('member.act.remove_photo.body') : t('member.act.remove_text.body')}
          confirmLabel={removal.kind === 'photo' ? t('member.act.remove_photo.confirm') : t('member.act.remove_text.confirm')}
          variant="danger"
          needsReason={false}
          pending={remove.pending}
          error={remove.error}
          onCancel={() => setRemoval(null)}
          onConfirm={() => void confirm()}
        >
          <ContentReasonField kind={removal.kind} value={reason} onChange={setReason} />
        </ActionDialog>
      )}
    </section>
  );
}

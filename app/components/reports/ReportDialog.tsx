import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/use-translation';
import { OTHER_TEXT_MIN, REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from '../../../contract/reports';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';

export type ReportTarget = { profile_id: number } | { conversation_id: number };

/**
 * The report dialog: a reason from the fixed list and, if the member wants, what happened ("something
 * else" needs it). Opened
 * by `ReportButton` (loaded when first opened), on a member's profile and in the chat's top bar.
 */
export function ReportDialog({ target, name, show, onClose }: { target: ReportTarget; name: string; show: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  // "Something else" needs the member's own words.
  const other = reason === 'other';
  const ready = !!reason && (!other || text.trim().length >= OTHER_TEXT_MIN);
  const send = useApiAction(() => api('reports.php', { method: 'POST', body: { ...target, reason, ...(text.trim() && { text: text.trim() }) } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    if ((await send.run()) !== undefined) setSent(true);
  };
  const close = () => {
    onClose();
    // A fresh dialog next time, once this one has been sent.
    if (sent) {
      setSent(false);
      setReason('');
      setText('');
    }
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('report.cancel')}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {t('report.title', { name })}
        </Modal.Title>
      </Modal.Header>
      {sent ? (
        <Modal.Body>
          <p role="status" className="mb-3">
            {t('report.sent')}
          </p>
          <button type="button" className="btn btn-primary" onClick={close}>
            OK
          </button>
        </Modal.Body>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <Modal.Body>
            <p className="small text-body-secondary">{t('report.intro')}</p>
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{t('report.reason_label')}</legend>
              {REPORT_REASONS.map((option) => (
                <div className="form-check" key={option}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name={`${id}-reason`}
                    id={`${id}-${option}`}
                    value={option}
                    checked={reason === option}
                    onChange={() => setReason(option)}
                    required
                  />
                  <label className="form-check-label" htmlFor={`${id}-${option}`}>
                    {t(`report.reasons.${option}`)}
                  </label>
                </div>
              ))}
            </fieldset>
            <label className="form-label" htmlFor={`${id}-text`}>
              {other ? t('report.other_text_label') : t('report.text_label')}
            </label>
            <textarea
              id={`${id}-text`}
              className="form-control"
              rows={3}
              maxLength={REPORT_TEXT_MAX}
              required={other}
              aria-describedby={other ? `${id}-hint` : undefined}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {other && (
              <div id={`${id}-hint`} className="form-text">
                {t('report.other_text_hint', { min: OTHER_TEXT_MIN, max: REPORT_TEXT_MAX })}
              </div>
            )}
            {send.error && (
              <p className="alert alert-danger mt-3 mb-0" role="alert">
                {send.error.message}
              </p>
            )}
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-link" onClick={close}>
              {t('report.cancel')}
            </button>
            <button type="submit" className="btn btn-danger" disabled={!ready || send.pending}>
              {t('report.submit')}
            </button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}

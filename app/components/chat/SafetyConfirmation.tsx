import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';

/**
 * "Are you sure?" before a message with contact details, a money request or a move off the site
 * goes out (issue 32). The reason is the server's text in the member's language; sending again
 * confirms it, editing keeps the text in the box.
 */
export function SafetyConfirmation({ reason, pending, onSend, onEdit }: { reason: string; pending: boolean; onSend: () => void; onEdit: () => void }) {
  const { t } = useTranslation();
  const edit = useRef<HTMLButtonElement>(null);
  // The safe choice has the focus, so Enter in a hurry does not send the details.
  useEffect(() => edit.current?.focus(), []);
  return (
    <div
      className="alert alert-warning py-2 mb-2"
      role="alertdialog"
      aria-labelledby="safety-confirm-title"
      aria-describedby="safety-confirm-reason"
      data-testid="safety-confirmation"
    >
      <p className="fw-bold mb-1" id="safety-confirm-title">
        {t('chat.safety_confirm.title')}
      </p>
      <p className="mb-1" id="safety-confirm-reason">
        {reason}
      </p>
      <p className="small mb-2">{t('chat.safety_confirm.hint')}</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={onSend} disabled={pending}>
          {t('chat.safety_confirm.send')}
        </button>
        <button type="button" ref={edit} className="btn btn-sm btn-primary" onClick={onEdit}>
          {t('chat.safety_confirm.cancel')}
        </button>
      </div>
    </div>
  );
}

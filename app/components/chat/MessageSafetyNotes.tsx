import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { ChatMessage } from '../../../contract/chat';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';

/**
 * Under a message the other member sent (issue 32): a warning when it asks for money or wants
 * the talk off the site, and "Does this bother you?" with a one-tap report of the conversation
 * when it insults. The notes are the site's words in the reader's language; the message's own
 * text is never rendered as HTML.
 */
export function MessageSafetyNotes({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const warnings = message.warnings ?? [];
  const report = useApiAction(() => api('reports.php', { method: 'POST', body: { conversation_id: message.conversation_id, reason: 'harassment' } }));
  const [reported, setReported] = useState(false);
  const sendReport = async () => {
    if ((await report.run()) !== undefined) setReported(true);
  };
  const notes = warnings.filter((warning) => warning !== 'insult');
  return (
    <div className="chat-safety-notes mb-2 ms-5 me-5" data-testid="message-safety-notes">
      {notes.map((warning) => (
        <p
          key={warning}
          className="small text-warning-emphasis bg-warning-subtle rounded px-2 py-1 mb-1"
          role="note"
          data-testid={`message-warning-${warning}`}
        >
          <span aria-hidden="true">⚠ </span>
          {t(`chat.warning.${warning}`)}
        </p>
      ))}
      {warnings.includes('insult') && (
        <p className="small mb-1 d-flex flex-wrap align-items-center gap-2" data-testid="message-bother">
          {reported ? (
            <span role="status">{t('chat.bother.reported')}</span>
          ) : (
            <>
              <span>{t('chat.bother.question')}</span>
              <button type="button" className="btn btn-sm btn-outline-danger py-0" onClick={() => void sendReport()} disabled={report.pending}>
                {t('chat.bother.report')}
              </button>
              {report.error && <span className="text-danger">{report.error.message}</span>}
            </>
          )}
        </p>
      )}
    </div>
  );
}

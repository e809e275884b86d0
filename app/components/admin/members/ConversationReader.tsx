import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../../lib/use-translation';
import type { z } from 'zod';
import type { ConversationMessages } from '../../../../contract/admin/members';
import { api, ApiError } from '../../../lib/api-client';

type Page = z.infer<typeof ConversationMessages>;

/**
 * The text of one conversation, for staff with `members.messages`. Opening it (and each older
 * page) is a reading the server records in the audit log; the text is shown as text, never HTML.
 */
export function ConversationReader({
  memberId,
  conversationId,
  partnerName,
  onClose,
}: {
  memberId: number;
  conversationId: number | null;
  partnerName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<Page['messages']>([]);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async (before?: number) => {
    try {
      const page = await api<Page>(`/api/admin/members/${memberId}/conversations/${conversationId}/messages${before ? `?before=${before}` : ''}`, {
        retries: 0,
      });
      setMessages((shown) => (before ? [...shown, ...page.messages] : page.messages));
      setNext(page.next_before);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('errors.network'));
    }
  };

  useEffect(() => {
    setMessages([]);
    setNext(null);
    setError(null);
    if (conversationId !== null) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId]);

  return (
    <Modal show={conversationId !== null} onHide={onClose} centered scrollable aria-labelledby="conversation-reader-title">
      <Modal.Header closeButton closeLabel={t('member.close')}>
        <Modal.Title id="conversation-reader-title" className="h5">
          {t('member.read_title', { id: conversationId })} — {partnerName}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{t('member.read_note')}</p>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <ol className="list-unstyled mb-0" data-testid="conversation-messages">
          {messages.map((message) => (
            <li key={message.id} className={`border rounded p-2 mb-2 ${message.from_member ? 'bg-body-tertiary' : ''}`}>
              <div className="small text-body-secondary">
                {message.from_member ? t('member.from_member') : t('member.from_partner')} · {message.at.slice(0, 16).replace('T', ' ')}
                {message.credits_spent ? ` · ${message.credits_spent} cr` : ''}
              </div>
              <div className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
                {message.kind === 'text' ? message.text : `[${message.kind}${message.gift_id ? `: ${message.gift_id}` : ''}]`}
              </div>
            </li>
          ))}
        </ol>
        {next !== null && (
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void load(next)}>
            {t('member.older')}
          </button>
        )}
      </Modal.Body>
    </Modal>
  );
}

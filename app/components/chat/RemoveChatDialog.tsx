import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/use-translation';

/** "Delete this chat?": deleting is for this member only and can be undone for a few seconds. */
export function RemoveChatDialog({ show, name, onConfirm, onClose }: { show: boolean; name: string; onConfirm(): void; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="remove-chat-title" data-testid="remove-chat-dialog">
      <Modal.Header closeButton closeLabel={t('chat.remove_cancel')}>
        <Modal.Title as="h2" className="h5" id="remove-chat-title">
          {t('chat.remove_confirm_title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('chat.remove_confirm_text', { name })}</p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('chat.remove_cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {t('chat.remove_confirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

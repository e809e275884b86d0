import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/use-translation';
import { ResendActivation } from './ResendActivation';

/** The activation reminder as a modal, on a phone right after an API sign-up (see `ActivationReminder`). */
export default function ActivationReminderDialog({ show, text, onHide }: { show: boolean; text: string; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="activation-title">
      <Modal.Header closeButton closeLabel={t('signup.close')}>
        <Modal.Title id="activation-title">{t('activation.reminder_title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{text}</p>
        <ResendActivation className="btn btn-primary" />
      </Modal.Body>
    </Modal>
  );
}

import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/use-translation';

/** The suggestions, in the order the dialog offers them (texts under `chat.icebreakers.*`). */
export const ICEBREAKERS = ['weekend', 'profile', 'travel', 'music'] as const;

/**
 * The icebreaker dialog (spec §2 modals): ready-made first lines for a new conversation.
 * Choosing one only fills the composer — nothing is sent (or paid) until the member presses
 * send there, and the dialog says what that message will cost.
 */
export function IcebreakerModal({
  show,
  name,
  price,
  onChoose,
  onClose,
  onExited,
}: {
  show: boolean;
  name: string;
  price: number;
  onChoose: (text: string) => void;
  onClose: () => void;
  /** After the closing animation: where the focus goes next (the composer). */
  onExited?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onClose} onExited={onExited} restoreFocus={false} centered aria-labelledby="icebreaker-title" data-testid="icebreaker-modal">
      <Modal.Header closeButton closeLabel={t('icebreaker.close')}>
        <Modal.Title id="icebreaker-title" className="h5">
          {t('icebreaker.title', { name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary">{t('icebreaker.intro')}</p>
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {ICEBREAKERS.map((key) => (
            <li key={key}>
              <button type="button" className="btn btn-outline-primary w-100 text-start" onClick={() => onChoose(t(`chat.icebreakers.${key}`))}>
                {t(`chat.icebreakers.${key}`)}
              </button>
            </li>
          ))}
        </ul>
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <span className="small text-body-secondary" data-testid="icebreaker-price">
          {price === 0 ? t('icebreaker.price_free') : t('icebreaker.price', { price })}
        </span>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('icebreaker.write_own')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

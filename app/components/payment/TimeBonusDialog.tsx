import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import { TimeBonusCountdown } from './TimeBonusCountdown';

/** The time bonus's modal (spec §2, §4); `TimeBonus` decides when it shows. */
export default function TimeBonusDialog({ show, percentage, onDismiss }: { show: boolean; percentage: number; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onDismiss} centered aria-labelledby="time-bonus-title" data-testid="time-bonus-modal">
      <Modal.Header closeButton closeLabel={t('time_bonus.close')}>
        <Modal.Title id="time-bonus-title">{t('time_bonus.title', { percentage })}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        <p className="fs-5 fw-bold text-primary mb-2">{t('time_bonus.act_fast')}</p>
        <p>{t('time_bonus.body', { percentage })}</p>
        <p className="mb-0">
          <TimeBonusCountdown className="fs-4" />
        </p>
      </Modal.Body>
      <Modal.Footer className="justify-content-center">
        <button type="button" className="btn btn-outline-secondary" onClick={onDismiss}>
          {t('time_bonus.not_now')}
        </button>
        <Link className="btn btn-primary" to="/credits" onClick={onDismiss}>
          {t('time_bonus.cta', { percentage })}
        </Link>
      </Modal.Footer>
    </Modal>
  );
}

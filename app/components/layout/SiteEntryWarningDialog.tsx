import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/use-translation';

/** The adult-content warning itself (spec §1); `SiteEntryWarning` decides whether it shows. */
export default function SiteEntryWarningDialog({ show, siteName, onEnter }: { show: boolean; siteName: string; onEnter: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onEnter} backdrop="static" keyboard={false} centered aria-labelledby="site-entry-title">
      <Modal.Header>
        <Modal.Title id="site-entry-title">{t('site_entry.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('site_entry.body', { site_name: siteName, min_age: 18 })}</p>
        <p className="small text-body-secondary mb-0">{t('site_entry.cookies')}</p>
      </Modal.Body>
      <Modal.Footer>
        <a className="btn btn-outline-secondary" href="https://www.google.com/" rel="noopener noreferrer">
          {t('site_entry.leave')}
        </a>
        <button type="button" className="btn btn-primary" onClick={onEnter}>
          {t('site_entry.enter', { min_age: 18 })}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

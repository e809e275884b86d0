import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useRootData } from '../../root';
import { rememberDismissal, wasDismissed } from '../../lib/dismissals';
import { useInstalledApp } from '../../lib/use-installed-app';

/** Pages where the warning never shows (spec §2): finishing sign-up and resetting a password. */
const EXEMPT_PATHS = ['/complete-signup', '/reset-password', '/reset-password/do'];
/** How long "I am an adult, enter" is remembered. */
const SKIP_DURATION_MS = 30 * 24 * 60 * 60 * 1000;

export interface SiteEntryWarningProps {
  /** Narrows the countries (the chat layout shows it in NL and DE only). */
  onlyCountries?: readonly string[];
  isLoggedIn?: boolean;
}

/**
 * The adult-content warning for logged-out visitors from the site's listed countries (spec §1),
 * not in the installed app and not when the site switched it off.
 */
export function SiteEntryWarning({ onlyCountries, isLoggedIn = false }: SiteEntryWarningProps) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { pathname } = useLocation();
  const installedApp = useInstalledApp();
  const [show, setShow] = useState(false);

  const country = settings.geoip_country;
  const countryListed =
    !!country &&
    settings.site_entry_popup_countries.includes(country) &&
    (!onlyCountries || onlyCountries.includes(country));
  const eligible =
    !isLoggedIn &&
    !installedApp &&
    settings.enable_site_entry_popup !== 'no' &&
    countryListed &&
    !EXEMPT_PATHS.includes(pathname);

  // localStorage exists only in the browser: decide after hydration.
  useEffect(() => {
    setShow(eligible && !wasDismissed('site-entry-skip', SKIP_DURATION_MS));
  }, [eligible]);

  const enter = () => {
    rememberDismissal('site-entry-skip');
    setShow(false);
  };

  return (
    <Modal show={show} onHide={enter} backdrop="static" keyboard={false} centered aria-labelledby="site-entry-title">
      <Modal.Header>
        <Modal.Title id="site-entry-title">{t('site_entry.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('site_entry.body', { site_name: settings.name, min_age: 18 })}</p>
        <p className="small text-body-secondary mb-0">{t('site_entry.cookies')}</p>
      </Modal.Body>
      <Modal.Footer>
        <a className="btn btn-outline-secondary" href="https://www.google.com/" rel="noopener noreferrer">
          {t('site_entry.leave')}
        </a>
        <button type="button" className="btn btn-primary" onClick={enter}>
          {t('site_entry.enter', { min_age: 18 })}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

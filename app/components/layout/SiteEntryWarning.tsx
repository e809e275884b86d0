import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useRootData } from '../../root';
import { rememberDismissal, wasDismissed } from '../../lib/dismissals';
import { useInstalledApp } from '../../lib/use-installed-app';

/** The dialog (react-bootstrap's Modal) loads only for a visitor who is shown it, never with the page. */
const SiteEntryWarningDialog = lazy(() => import('./SiteEntryWarningDialog'));

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
  const { settings } = useRootData();
  const { pathname } = useLocation();
  const installedApp = useInstalledApp();
  const [show, setShow] = useState(false);

  const country = settings.geoip_country;
  const countryListed = !!country && settings.site_entry_popup_countries.includes(country) && (!onlyCountries || onlyCountries.includes(country));
  const eligible = !isLoggedIn && !installedApp && settings.enable_site_entry_popup !== 'no' && countryListed && !EXEMPT_PATHS.includes(pathname);

  // localStorage exists only in the browser: decide after hydration.
  useEffect(() => {
    setShow(eligible && !wasDismissed('site-entry-skip', SKIP_DURATION_MS));
  }, [eligible]);
  // Once shown, the dialog stays mounted so that entering fades it out as before.
  const [wasShown, setWasShown] = useState(false);
  if (show && !wasShown) setWasShown(true);

  const enter = () => {
    rememberDismissal('site-entry-skip');
    setShow(false);
  };

  // Shown only after hydration (see above), so the server never renders it and nothing waits for it.
  if (!wasShown) return null;
  return (
    <Suspense fallback={null}>
      <SiteEntryWarningDialog show={show} siteName={settings.name} onEnter={enter} />
    </Suspense>
  );
}

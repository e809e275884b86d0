import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation, useSearchParams } from 'react-router';
import { rememberDismissalForSession, wasDismissedThisSession } from '../../lib/dismissals';
import { useRootData } from '../../root';
import { ResendActivation } from './ResendActivation';

/** The phone's modal form loads only where it shows (right after an API sign-up), not with every page. */
const ActivationReminderDialog = lazy(() => import('./ActivationReminderDialog'));

/** Spec §4: not on sign-up, settings and notifications; nor where a failed link offers a new one itself. */
export const REMINDER_SUPPRESSED_PATHS = ['/signup', '/complete-signup', '/settings', '/notifications', '/activate/error'];

/**
 * Reminds a member with an unconfirmed address (and so a hidden profile) to confirm it: an
 * alert, or a modal on a phone right after an API sign-up (`api_signup_complete`).
 */
export function ActivationReminder() {
  const { t } = useTranslation();
  const { user } = useRootData();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [isPhone, setIsPhone] = useState(false);
  const [modalOpen, setModalOpen] = useState(true);
  const [closedOnPhone, setClosedOnPhone] = useState(false);
  useEffect(() => {
    setIsPhone(window.matchMedia('(max-width: 575.98px)').matches);
    setClosedOnPhone(wasDismissedThisSession('hide-activation-card'));
  }, []);

  if (!user || user.status !== 'not_confirmed' || user.profile.status !== 'disabled') return null;
  if (REMINDER_SUPPRESSED_PATHS.includes(pathname)) return null;

  const text = t('activation.reminder', { email: user.email });
  if (isPhone && params.has('api_signup_complete')) {
    return (
      <Suspense fallback={null}>
        <ActivationReminderDialog show={modalOpen} text={text} onHide={() => setModalOpen(false)} />
      </Suspense>
    );
  }
  // On a phone the first of the top cards (issue 35), closable for this visit: it comes back on
  // the next one until the address is confirmed. Wider screens keep the alert as it was.
  return (
    <div
      className={closedOnPhone ? 'alert alert-warning rounded-0 mb-0 py-2 d-none d-sm-block' : 'alert alert-warning rounded-0 mb-0 py-2 phone-notice'}
      role="status"
      data-testid="activation-reminder"
    >
      <div className="container d-flex flex-wrap align-items-center gap-2">
        <span className="flex-grow-1">{text}</span>
        <ResendActivation />
        <button
          type="button"
          className="btn-close d-sm-none"
          aria-label={t('alerts.close')}
          onClick={() => {
            rememberDismissalForSession('hide-activation-card');
            setClosedOnPhone(true);
          }}
        />
      </div>
    </div>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation } from 'react-router';
import { Link } from '../ui/links';
import { rememberDismissal, wasDismissed, type DismissalKey } from '../../lib/dismissals';
import { useRootData } from '../../root';
import { useMember } from '../../state/member';
import { usePush } from '../../state/push';
import { REMINDER_SUPPRESSED_PATHS } from './ActivationReminder';
import { MailStoppedNotice } from './MailStoppedNotice';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long a closed alert stays closed: mail that cannot reach the member matters most and
 * comes back after a week, as the photo alert does; the push invitation after a month.
 */
const DISMISSED_FOR_MS: Record<'hide-disabled-notifications-alert' | 'hide-enrich-alert' | 'hide-push-notification-alert', number> = {
  'hide-disabled-notifications-alert': 7 * DAY_MS,
  'hide-enrich-alert': 7 * DAY_MS,
  'hide-push-notification-alert': 30 * DAY_MS,
};
type AlertKey = keyof typeof DISMISSED_FOR_MS;

function DismissibleAlert({ dismissalKey, tone, onDismiss, children }: { dismissalKey: AlertKey; tone: string; onDismiss: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={`alert alert-${tone} rounded-0 mb-0 py-2 phone-notice`} role="region" aria-label={t('alerts.label')} data-testid={dismissalKey}>
      <div className="container d-flex align-items-start gap-2">
        <div className="flex-grow-1">{children}</div>
        <button
          type="button"
          className="btn-close mt-1"
          aria-label={t('alerts.close')}
          onClick={() => {
            rememberDismissal(dismissalKey as DismissalKey);
            onDismiss();
          }}
        />
      </div>
    </div>
  );
}

/**
 * The members area's dismissible alerts (spec §3/§4): mail stopped, no profile photo, push
 * not switched on. One at a time, the most pressing first: a stack of banners above every
 * page would push the page itself off a phone's screen. Not while the activation reminder
 * asks for the address to be confirmed, and not where it is suppressed either.
 */
export function MemberAlerts() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const member = useMember();
  const { pathname } = useLocation();
  const push = usePush();
  // Dismissals live in localStorage: read after hydration, so server and browser render alike.
  const [dismissed, setDismissed] = useState<Set<AlertKey> | null>(null);
  const [resumed, setResumed] = useState(false);
  useEffect(() => setResumed(false), [pathname]);
  useEffect(() => {
    const keys = Object.keys(DISMISSED_FOR_MS) as AlertKey[];
    setDismissed(new Set(keys.filter((key) => wasDismissed(key as DismissalKey, DISMISSED_FOR_MS[key]))));
  }, []);

  if (!member || !dismissed || member.status === 'not_confirmed') return null;
  if (REMINDER_SUPPRESSED_PATHS.includes(pathname)) return null;
  const close = (key: AlertKey) => () => setDismissed(new Set([...dismissed, key]));

  // Mail flows again: the page data no longer has a reason, so say it worked here instead.
  if (resumed) {
    return (
      <div className="alert alert-success rounded-0 mb-0 py-2 phone-notice" role="status">
        <div className="container">{t('alerts.mail_resumed')}</div>
      </div>
    );
  }

  if (member.notifications_disabled.length > 0 && !dismissed.has('hide-disabled-notifications-alert')) {
    return (
      <DismissibleAlert dismissalKey="hide-disabled-notifications-alert" tone="warning" onDismiss={close('hide-disabled-notifications-alert')}>
        <MailStoppedNotice reasons={member.notifications_disabled} email={member.email} onResumed={() => setResumed(true)} />
      </DismissibleAlert>
    );
  }
  if (!member.profile.main_image && !dismissed.has('hide-enrich-alert')) {
    return (
      <DismissibleAlert dismissalKey="hide-enrich-alert" tone="info" onDismiss={close('hide-enrich-alert')}>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{t('alerts.enrich_text')}</span>
          <Link className="btn btn-dark btn-sm" to="/profile">
            {t('alerts.enrich_action')}
          </Link>
        </div>
      </DismissibleAlert>
    );
  }
  if (push.state === 'not_subscribed' && settings.push_public_key && !dismissed.has('hide-push-notification-alert')) {
    return (
      <DismissibleAlert dismissalKey="hide-push-notification-alert" tone="light" onDismiss={close('hide-push-notification-alert')}>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{t('alerts.push_text')}</span>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={push.pending}
            onClick={() => void push.subscribe(member.id, settings.push_public_key)}
          >
            {t('push.subscribe')}
          </button>
        </div>
        {push.failed && (
          <p className="text-danger-emphasis small mt-2 mb-0" role="alert">
            {t('push.failed')}
          </p>
        )}
      </DismissibleAlert>
    );
  }
  return null;
}

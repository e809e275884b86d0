import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import { Link } from '../ui/links';
import type { MailDisabledReason } from '../../../contract/notifications';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';

/**
 * Why no notification mail reaches the member (spec §4: bounce, fbl, listunsubscribe) and
 * the way back: a new address after a bounce, or "send me e-mails again".
 */
export function MailStoppedNotice({ reasons, email, onResumed }: { reasons: MailDisabledReason[]; email: string; onResumed?: () => void }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [resumed, setResumed] = useState(false);
  const resume = useApiAction(() => api('notifications.php', { method: 'PUT', body: { resume_mail: true } }));
  if (reasons.length === 0) return null;
  if (resumed) return <p className="mb-0">{t('alerts.mail_resumed')}</p>;
  const bounced = reasons.includes('bounce');
  return (
    <>
      <p className="mb-2 text-break">
        <strong>{t('alerts.mail_stopped_title')}</strong> {reasons.map((reason) => t(`alerts.mail_stopped_${reason}`, { email })).join(' ')}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        {bounced && (
          <Link className="btn btn-outline-dark btn-sm" to="/notifications#email">
            {t('alerts.change_email')}
          </Link>
        )}
        <button
          type="button"
          className="btn btn-dark btn-sm"
          disabled={resume.pending}
          onClick={async () => {
            if ((await resume.run()) === undefined) return;
            setResumed(true);
            onResumed?.();
            void revalidator.revalidate();
          }}
        >
          {t('alerts.resume_mail')}
        </button>
      </div>
      {resume.error && (
        <p className="text-danger-emphasis small mt-2 mb-0" role="alert">
          {t('settings.save_failed')} {resume.error.message}
        </p>
      )}
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';

/** Sends the activation mail again. */
export function ResendActivation({ className = 'btn btn-outline-secondary btn-sm' }: { className?: string }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const resend = useApiAction(() => api('activate.php', { method: 'POST' }));
  if (sent) return <span role="status">{t('activation.resent')}</span>;
  return (
    <>
      <button type="button" className={className} disabled={resend.pending} onClick={async () => setSent((await resend.run()) !== undefined)}>
        {t('activation.resend')}
      </button>
      {resend.error && (
        <span className="text-danger ms-2" role="alert">
          {resend.error.message}
        </span>
      )}
    </>
  );
}

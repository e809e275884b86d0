import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { ApiError } from '../../lib/api-client';
import { showToast } from '../../state/toasts';

/** How long "Saved" stays after a change was stored. */
const SAVED_SHOWN_MS = 4_000;

/**
 * What became of a setting saved at a click: "Saved" for a while after it was stored (in a
 * live region that is always there, so screen readers announce it too), or why it was not.
 * `savedAt` changes with every successful save.
 */
export function SaveStatus({ savedAt, error }: { savedAt: number | null; error: ApiError | null }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (savedAt === null) return;
    setShown(true);
    showToast(t('shell.saved'));
    const timer = setTimeout(() => setShown(false), SAVED_SHOWN_MS);
    return () => clearTimeout(timer);
    // Once per save: `t` changes only with the language, not with a new save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedAt]);
  return (
    <>
      <div role="status" className="small text-success-emphasis fw-semibold" data-testid="settings-saved">
        {shown && !error && (
          <p className="mt-2 mb-0">
            <span aria-hidden="true">✓ </span>
            {t('settings.saved')}
          </p>
        )}
      </div>
      {error && (
        <div className="alert alert-danger mt-2 mb-0" role="alert">
          {t('settings.save_failed')} {error.message}
        </div>
      )}
    </>
  );
}

import { useTranslation } from '../../lib/use-translation';
import { useToasts, type ToastTone } from '../../state/toasts';

/** The brand's dark for confirmations: white on it passes AA whatever the palette's green. */
const TONE_CLASS: Record<ToastTone, string> = { success: 'text-bg-dark', danger: 'text-bg-danger', info: 'text-bg-light border' };

/**
 * The layout's one place for toasts: above the tab bar on phones, bottom corner on wider
 * screens. The live region is always in the page, so screen readers announce each toast.
 */
export function ToastHost() {
  const { t } = useTranslation();
  const { toasts, dismiss } = useToasts();
  return (
    <div className="shell-toasts" role="status" aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast show align-items-center ${TONE_CLASS[toast.tone]}`} data-testid="toast">
          <div className="d-flex">
            <div className="toast-body">
              {toast.tone === 'success' && <span aria-hidden="true">✓ </span>}
              {toast.message}
            </div>
            {toast.action && (
              <button
                type="button"
                className="btn btn-sm btn-link text-reset fw-semibold text-nowrap my-auto"
                onClick={() => {
                  dismiss(toast.id);
                  toast.action!.run();
                }}
              >
                {toast.action.label}
              </button>
            )}
            <button
              type="button"
              className={`btn-close me-2 m-auto ${toast.tone === 'info' ? '' : 'btn-close-white'}`}
              aria-label={t('shell.close')}
              onClick={() => dismiss(toast.id)}
            />
          </div>
        </div>
      ))}
    </div>
  );
}

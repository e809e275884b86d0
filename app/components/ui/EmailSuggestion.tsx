import { useTranslation } from '../../lib/use-translation';
import { isEmailAddress } from '../../../contract/email-address-rule';
import { suggestEmailCorrection } from '../../../contract/email-suggestion';

/**
 * Spec §5's "did you mean" hint under an e-mail field, on its own: shown as soon as the typed
 * address is complete and its domain looks like a slip of a popular one (gmial.com), since such
 * an address is valid and would otherwise go through unnoticed. `fromServer` is the server's
 * suggestion beside a refused address. One tap takes the corrected address.
 */
export function EmailSuggestion({ email, fromServer, onAccept }: { email: string; fromServer?: string; onAccept: (email: string) => void }) {
  const { t } = useTranslation();
  const typed = email.trim();
  const hint = (isEmailAddress(typed) ? suggestEmailCorrection(typed) : null) ?? fromServer;
  return (
    <div aria-live="polite" data-testid="email-suggestion">
      {hint && (
        <p className="small mt-n2">
          {t('signup.did_you_mean')}{' '}
          <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => onAccept(hint)}>
            {hint}
          </button>
          ?
        </p>
      )}
    </div>
  );
}

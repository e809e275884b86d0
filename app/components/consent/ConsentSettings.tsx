import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useRootData } from '../../root';
import { useConsent, saveConsent } from '../../lib/consent';
import { ConsentChoices, type ConsentDraft } from './ConsentChoices';

/** The cookie page's settings panel (`/pages/cookies`): the current choice, changeable at any time. */
export function ConsentSettings() {
  const { t, i18n } = useTranslation();
  const { consent: initial } = useRootData();
  const choice = useConsent(initial);
  const [draft, setDraft] = useState<ConsentDraft>({ statistics: choice?.statistics ?? false, marketing: choice?.marketing ?? false });
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveConsent(draft.statistics, draft.marketing);
    setSaved(true);
  };

  return (
    <section className="container pb-4" style={{ maxWidth: 860 }} aria-labelledby="consent-settings-title">
      <form className="card" onSubmit={submit}>
        <div className="card-body">
          <h2 className="h4 mt-0" id="consent-settings-title">
            {t('consent.settings_title')}
          </h2>
          <p className="text-body-secondary small" data-testid="consent-status">
            {choice
              ? t('consent.chosen_on', { date: new Date(choice.at * 1000).toLocaleDateString(i18n.language, { timeZone: 'UTC' }) })
              : t('consent.not_chosen')}
          </p>
          <ConsentChoices
            draft={draft}
            onChange={(next) => {
              setDraft(next);
              setSaved(false);
            }}
          />
          <div className="d-flex flex-wrap align-items-center gap-2">
            <button type="submit" className="btn btn-primary">
              {t('consent.save')}
            </button>
            <span role="status" className="small text-success-emphasis">
              {saved ? t('consent.saved') : ''}
            </span>
          </div>
        </div>
      </form>
    </section>
  );
}

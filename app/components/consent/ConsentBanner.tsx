import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import { saveConsent } from '../../lib/consent';
import { ConsentChoices, type ConsentDraft } from './ConsentChoices';

/**
 * The cookie question (issue 18), shown until the visitor answers: accept all, refuse all (as
 * prominent as accepting), or choose per category. A landmark first in the tab order, not a
 * dialog: the page stays usable and nothing traps focus. It sits under any modal (the sign-up
 * modal covers it rather than the other way round).
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  const [draft, setDraft] = useState<ConsentDraft>({ statistics: false, marketing: false });

  const answer = (statistics: boolean, marketing: boolean) => {
    const hadFocus = document.activeElement?.closest('.consent-banner');
    saveConsent(statistics, marketing);
    // The banner goes away: keyboard users continue from the page's main content, not from the top.
    const main = document.getElementById('main');
    if (hadFocus && main) {
      main.setAttribute('tabindex', '-1');
      main.focus({ preventScroll: true });
    }
  };

  return (
    <section className="consent-banner" aria-labelledby="consent-title" data-testid="consent-banner">
      <div className="container py-3">
        <h2 className="h6 mb-1" id="consent-title">
          {t('consent.title')}
        </h2>
        <p className="small mb-2">
          {t('consent.text')} <Link to="/pages/cookies">{t('consent.more')}</Link>
        </p>
        {choosing && <ConsentChoices draft={draft} onChange={setDraft} />}
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => answer(true, true)}>
            {t('consent.accept_all')}
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => answer(false, false)}>
            {t('consent.refuse_all')}
          </button>
          {choosing ? (
            <button type="button" className="btn btn-outline-light btn-sm" onClick={() => answer(draft.statistics, draft.marketing)}>
              {t('consent.save')}
            </button>
          ) : (
            <button type="button" className="btn btn-outline-light btn-sm" aria-expanded={false} onClick={() => setChoosing(true)}>
              {t('consent.choose')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

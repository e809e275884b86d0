import { useEffect, useRef } from 'react';
import { hasClarity, hasTagManager } from '../../../contract/analytics';
import { hasLoadedAnalytics, loadAnalytics } from '../../lib/analytics-loader';
import { useConsent } from '../../lib/consent';
import { useRootData } from '../../root';
import { ConsentBanner } from './ConsentBanner';
import { PageVisitBeacon } from './PageVisitBeacon';

/**
 * Cookie consent on every member-facing page (issue 18): the banner until the visitor answers,
 * the site's analytics once statistics are allowed (never before, nothing when none is
 * configured), and the page-hidden beacon.
 */
export function CookieConsent() {
  const { settings, consent: initial } = useRootData();
  const choice = useConsent(initial);
  const { tag_manager_id, clarity_id } = settings;
  const hadStatistics = useRef(false);

  useEffect(() => {
    if (!choice) return;
    const ids = { tag_manager_id, clarity_id };
    if (choice.statistics) {
      hadStatistics.current = true;
      if (hasTagManager(ids) || hasClarity(ids)) loadAnalytics(ids, choice);
    } else if (hadStatistics.current && hasLoadedAnalytics()) {
      // A loaded script cannot be unloaded: a fresh page is the only way to stop it.
      window.location.reload();
    }
  }, [choice, tag_manager_id, clarity_id]);

  return (
    <>
      {!choice && <ConsentBanner />}
      <PageVisitBeacon />
    </>
  );
}

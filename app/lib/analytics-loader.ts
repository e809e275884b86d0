import { clarityScriptUrl, hasClarity, hasTagManager, tagManagerScriptUrl, type AnalyticsIds } from '../../contract/analytics';
import type { ConsentChoice } from '../../contract/consent';

/**
 * Loads the site's tag manager and Clarity — only ever called after a statistics yes (issue 18).
 * Decision (docs/decisions, analytics consent): both are statistics tools, so statistics consent
 * loads them; the tag manager additionally gets the marketing answer through Google's consent
 * mode (`ad_storage`, `ad_user_data`, `ad_personalization`), so advertising tags in the
 * container stay off without a marketing yes. Script tags carry the page's CSP nonce.
 */
type Queue = unknown[] & { push: (...items: unknown[]) => number };
interface AnalyticsWindow {
  dataLayer?: Queue;
  clarity?: ((...args: unknown[]) => void) & { q?: unknown[] };
}

const loaded = new Set<'gtm' | 'clarity'>();

/** The page's nonce: browsers hide the attribute, but a script element keeps it as a property. */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

function addScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  const nonce = pageNonce();
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
}

function googleConsent(choice: ConsentChoice) {
  const marketing = choice.marketing ? 'granted' : 'denied';
  return { analytics_storage: 'granted', ad_storage: marketing, ad_user_data: marketing, ad_personalization: marketing };
}

/** Whether anything was loaded, so withdrawing consent knows it must reload the page to stop it. */
export function hasLoadedAnalytics(): boolean {
  return loaded.size > 0;
}

export function loadAnalytics(ids: AnalyticsIds, choice: ConsentChoice): void {
  if (!choice.statistics) return;
  const global = window as unknown as AnalyticsWindow;
  if (hasTagManager(ids)) {
    const dataLayer = (global.dataLayer ??= [] as unknown as Queue);
    // gtag() pushes its `arguments` object: that is the shape consent mode reads.
    const gtag: (...args: unknown[]) => void = function () {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    if (!loaded.has('gtm')) {
      gtag('consent', 'default', googleConsent(choice));
      dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      addScript(tagManagerScriptUrl(ids.tag_manager_id));
      loaded.add('gtm');
    } else {
      gtag('consent', 'update', googleConsent(choice));
    }
  }
  if (hasClarity(ids) && !loaded.has('clarity')) {
    const clarity = (global.clarity ??= Object.assign((...args: unknown[]) => (clarity.q ??= []).push(args), {} as { q?: unknown[] }));
    addScript(clarityScriptUrl(ids.clarity_id));
    // Clarity's consent API: it may set its cookies, the visitor said yes.
    clarity('consent');
    loaded.add('clarity');
  }
}

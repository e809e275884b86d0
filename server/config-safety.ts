import type { EnvValues } from './config';
import { isLocalDomain } from './domain/sites/site-urls';

export interface UnsafeSetting {
  variable: keyof EnvValues;
  reason: string;
}

/**
 * Combinations a production deployment must not start with. Each would hand strangers
 * something: a forged client address, demo accounts with a published password on a site that
 * takes real money, card payments over plain HTTP, or an https site whose session cookies are
 * not Secure and which sends no HSTS. The start fails and names the variable.
 */
export function findUnsafeProductionSetting(values: EnvValues): UnsafeSetting | null {
  if (values.TRUST_PROXY === 'true') {
    return {
      variable: 'TRUST_PROXY',
      reason:
        "true believes any client's X-Forwarded-For (rate limits and lockouts could be dodged). Set the number of proxies in front of the app (e.g. TRUST_PROXY=1) or their addresses.",
    };
  }
  const takesRealMoney = values.PAYMENTS === 'mollie' && values.MOLLIE_API_KEY?.startsWith('live_') === true;
  if (takesRealMoney && values.SEED_DEMO) {
    return {
      variable: 'SEED_DEMO',
      reason: 'the demo members share a published password and must not exist on a site that takes real payments. Set SEED_DEMO=false.',
    };
  }
  if (takesRealMoney && values.SITE_SCHEME === 'http') {
    return { variable: 'SITE_SCHEME', reason: 'live payments need the site on https.' };
  }
  if (servedOverHttpsBehindUntrustedProxy(values)) {
    return {
      variable: 'TRUST_PROXY',
      reason:
        'the site is on https (SITE_SCHEME=https) but TRUST_PROXY is not set, so the app cannot see that the proxy in front of it took the request over https: it would send no Strict-Transport-Security header and no Secure session cookies. Set TRUST_PROXY to the number of proxies in front of the app (e.g. TRUST_PROXY=1) or their addresses; if the site really is served over plain HTTP, set SITE_SCHEME=http.',
    };
  }
  return null;
}

/**
 * The app speaks plain HTTP only, so an https site always has a TLS-terminating proxy in front,
 * and only a trusted proxy's X-Forwarded-Proto tells the app a request came over https. A local
 * default domain (a trial on this machine) is exempt: its links are http whatever the scheme.
 */
function servedOverHttpsBehindUntrustedProxy(values: EnvValues): boolean {
  return values.SITE_SCHEME === 'https' && values.TRUST_PROXY === 'false' && !isLocalDomain(values.DEFAULT_SITE_DOMAIN.toLowerCase());
}

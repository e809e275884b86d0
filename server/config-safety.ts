import type { EnvValues } from './config';

export interface UnsafeSetting {
  variable: keyof EnvValues;
  reason: string;
}

/**
 * Combinations a production deployment must not start with. Each would hand strangers
 * something: a forged client address, demo accounts with a published password on a site that
 * takes real money, or card payments over plain HTTP. The start fails and names the variable.
 */
export function findUnsafeProductionSetting(values: EnvValues): UnsafeSetting | null {
  if (values.TRUST_PROXY === 'true') {
    return {
      variable: 'TRUST_PROXY',
      reason: 'true believes any client\'s X-Forwarded-For (rate limits and lockouts could be dodged). Set the number of proxies in front of the app (e.g. TRUST_PROXY=1) or their addresses.',
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
  return null;
}

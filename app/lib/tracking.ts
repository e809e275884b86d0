const KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
/** As long as signup.php takes each (contract/accounts.ts): a longer value would refuse the whole sign-up. */
const MAX_LENGTH: Record<(typeof KEYS)[number], number> = { network: 64, ref: 64, sub1: 128, sub2: 128, sub3: 128 };
export type Tracking = Partial<Record<(typeof KEYS)[number], string>>;
const STORAGE_KEY = 'signup-tracking';

/**
 * The traffic source a visitor arrived with (spec §3: network, ref, sub1–3 from the query),
 * remembered for the tab so that browsing before signing up does not lose it.
 */
export function readTracking(search: string): Tracking {
  const params = new URLSearchParams(search);
  const fromUrl: Tracking = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value?.trim()) fromUrl[key] = value.trim().slice(0, MAX_LENGTH[key]);
  }
  try {
    if (Object.keys(fromUrl).length) {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(fromUrl));
      return fromUrl;
    }
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Tracking;
  } catch {
    return fromUrl;
  }
}

/** The tracking parameters of an address as a query string, for a sign-up link that works without JavaScript. */
export function trackingQuery(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of KEYS) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/**
 * The visitor's cookie choice (issue 18): necessary cookies are always on; statistics (page
 * visits, Microsoft Clarity, the tag manager) and marketing each need a yes. The choice lives in
 * a first-party cookie with its version and the time it was made, so a new version of the
 * categories asks again and the server can tell a statistics yes from no choice at all.
 */
export const CONSENT_COOKIE = 'rdv_consent';
/** Raised when the categories or what they cover change: older choices are asked again. */
export const CONSENT_VERSION = 1;
/** A choice is remembered for 180 days, then asked again (common advice of EU regulators). */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** The random visitor id for page statistics, set only with statistics consent. */
export const VISITOR_COOKIE = 'rdv_visitor';
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,40}$/;

export const CONSENT_CATEGORIES = ['necessary', 'statistics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export interface ConsentChoice {
  statistics: boolean;
  marketing: boolean;
  /** When the choice was made, in whole seconds since 1970. */
  at: number;
  version: number;
}

/**
 * The cookie's stored shape, checked by hand rather than with zod: this module is on every
 * visitor page, and zod would add ~26 KB (gzip) to the scripts loaded before the page responds.
 */
interface StoredChoice {
  v: number;
  s: 0 | 1;
  m: 0 | 1;
  t: number;
}
const isFlag = (value: unknown): value is 0 | 1 => value === 0 || value === 1;
function isStoredChoice(value: unknown): value is StoredChoice {
  if (typeof value !== 'object' || value === null) return false;
  const { v, s, m, t } = value as Record<string, unknown>;
  return Number.isInteger(v) && isFlag(s) && isFlag(m) && Number.isInteger(t) && (t as number) >= 0;
}

/** The cookie's value: compact JSON, URI-encoded, e.g. `{"v":1,"s":1,"m":0,"t":1764000000}`. */
export function serializeConsent(choice: ConsentChoice): string {
  return encodeURIComponent(JSON.stringify({ v: choice.version, s: choice.statistics ? 1 : 0, m: choice.marketing ? 1 : 0, t: choice.at }));
}

/** The remembered choice, or null when there is none, it is unreadable or of an older version. */
export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  if (!value) return null;
  try {
    const stored: unknown = JSON.parse(decodeURIComponent(value));
    if (!isStoredChoice(stored) || stored.v !== CONSENT_VERSION) return null;
    return { version: stored.v, statistics: stored.s === 1, marketing: stored.m === 1, at: stored.t };
  } catch {
    return null;
  }
}

/** Reads one cookie from a `Cookie` header or `document.cookie`. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

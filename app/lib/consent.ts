import { useSyncExternalStore } from 'react';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_VERSION,
  parseConsent,
  readCookie,
  serializeConsent,
  VISITOR_COOKIE,
  type ConsentChoice,
} from '../../contract/consent';

/**
 * The visitor's cookie choice in the browser: read from and written to its first-party cookie,
 * shared by the banner, the cookie page's settings and the analytics loader. The server's
 * reading (the root loader) is the first value, so the page renders the same on both sides.
 */
const listeners = new Set<() => void>();
let current: ConsentChoice | null | undefined;

function secureFlag() {
  return window.location.protocol === 'https:' ? '; secure' : '';
}

function read(): ConsentChoice | null {
  if (current === undefined) current = parseConsent(readCookie(document.cookie, CONSENT_COOKIE));
  return current;
}

/** A random id for page statistics: 22 URL-safe characters from the browser's generator. */
function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Cookies the analytics tools set on this site's domain (`_ga…`, Clarity's `_clck`/`_clsk`). */
const ANALYTICS_COOKIE = /^(_ga|_gid|_gat|_gcl|_clck|_clsk|CLID)/;

function expireCookie(name: string) {
  const hosts = ['', `; domain=${window.location.hostname}`, `; domain=.${window.location.hostname.split('.').slice(-2).join('.')}`];
  for (const host of hosts) document.cookie = `${name}=; max-age=0; path=/${host}`;
}

/** Saves the choice; statistics gets (or, refused, loses) the visitor id and the tools' cookies. */
export function saveConsent(statistics: boolean, marketing: boolean): ConsentChoice {
  const choice: ConsentChoice = { statistics, marketing, at: Math.floor(Date.now() / 1000), version: CONSENT_VERSION };
  document.cookie = `${CONSENT_COOKIE}=${serializeConsent(choice)}; max-age=${CONSENT_MAX_AGE_SECONDS}; path=/; samesite=lax${secureFlag()}`;
  if (statistics && !readCookie(document.cookie, VISITOR_COOKIE)) {
    document.cookie = `${VISITOR_COOKIE}=${newVisitorId()}; max-age=${CONSENT_MAX_AGE_SECONDS}; path=/; samesite=lax${secureFlag()}`;
  }
  if (!statistics) {
    expireCookie(VISITOR_COOKIE);
    for (const part of document.cookie.split(';')) {
      const name = part.split('=')[0]?.trim() ?? '';
      if (ANALYTICS_COOKIE.test(name)) expireCookie(name);
    }
  }
  current = choice;
  listeners.forEach((listener) => listener());
  return choice;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice made, or null while none is; `initial` is the server's reading of the cookie. */
export function useConsent(initial: ConsentChoice | null): ConsentChoice | null {
  return useSyncExternalStore(subscribe, read, () => initial);
}

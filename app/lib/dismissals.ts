/**
 * Notices a visitor closed, remembered in localStorage with the time of closing (spec §3
 * "persisted dismissal keys"), so each notice can decide how long a dismissal lasts.
 */
export type DismissalKey =
  'site-entry-skip' | 'hide-enrich-alert' | 'hide-push-notification-alert' | 'hide-disabled-notifications-alert' | 'hide-time-bonus-modal';

export function rememberDismissal(key: DismissalKey, now = Date.now()) {
  try {
    window.localStorage.setItem(key, String(now));
  } catch {
    // Private mode or full storage: the notice simply shows again next time.
  }
}

/** Whether the notice was dismissed within `maxAgeMs` (forever when omitted). */
export function wasDismissed(key: DismissalKey, maxAgeMs = Infinity, now = Date.now()): boolean {
  try {
    const at = Number(window.localStorage.getItem(key));
    return at > 0 && now - at < maxAgeMs;
  } catch {
    return false;
  }
}

/**
 * Phone notices closed for this visit only (issue 35): sessionStorage ends with the tab, so the
 * e-mail reminder comes back on the next visit until the address is confirmed.
 */
export type SessionDismissalKey = 'hide-activation-card' | 'hide-demo-card';

export function rememberDismissalForSession(key: SessionDismissalKey) {
  try {
    window.sessionStorage.setItem(key, '1');
  } catch {
    // Private mode or full storage: the card shows again on the next page.
  }
}

export function wasDismissedThisSession(key: SessionDismissalKey): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

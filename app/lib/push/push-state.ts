/**
 * Spec §4 push states. `null` (in the store) means not known yet: the page was rendered on the
 * server, or the browser has not answered.
 */
export type PushState = 'not_capable' | 'not_subscribed' | 'subscribed' | 'denied';

export interface PushFacts {
  /** Service workers, PushManager and Notification all exist (and the page is secure). */
  capable: boolean;
  permission: NotificationPermission;
  /** The browser holds a subscription that belongs to the member on this page. */
  hasOwnSubscription: boolean;
}

/**
 * What the member can do about push, from what the browser says. A denied permission wins
 * over a left-over subscription: the browser will not show its messages anyway.
 */
export function derivePushState({ capable, permission, hasOwnSubscription }: PushFacts): PushState {
  if (!capable) return 'not_capable';
  if (permission === 'denied') return 'denied';
  if (permission === 'granted' && hasOwnSubscription) return 'subscribed';
  return 'not_subscribed';
}

/** Spec §4/§9: the member and chats are re-fetched every minute, or every 5 minutes when pushes bring news. */
export const REFRESH_EVERY_MS = 60_000;
export const REFRESH_EVERY_WITH_PUSH_MS = 5 * 60_000;

export function refreshIntervalFor(state: PushState | null): number {
  return state === 'subscribed' ? REFRESH_EVERY_WITH_PUSH_MS : REFRESH_EVERY_MS;
}

/** The VAPID public key (base64url, as settings carry it) as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

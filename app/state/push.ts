import { create } from 'zustand';
import { api } from '../lib/api-client';
import { windowPushBrowser, type PushBrowser } from '../lib/push/push-browser';
import { applicationServerKey, derivePushState, type PushState } from '../lib/push/push-state';

/** Spec §7 `user.php?push=1`: POST attaches a subscription to the member, DELETE detaches it. */
const PUSH_PATH = 'user.php?push=1';
/**
 * Which member the browser's subscription was made for. A device passed on without a log-out
 * (a session that simply expired) must not bring the previous member's pushes to the next one.
 */
const OWNER_KEY = 'push-subscription-member';

function readOwner(): number | null {
  try {
    return Number(window.localStorage.getItem(OWNER_KEY)) || null;
  } catch {
    return null;
  }
}

function writeOwner(memberId: number | null) {
  try {
    if (memberId === null) window.localStorage.removeItem(OWNER_KEY);
    else window.localStorage.setItem(OWNER_KEY, String(memberId));
  } catch {
    // Private mode: the subscription is simply checked again next time.
  }
}

interface PushStore {
  /** Spec §4; null until the browser has been asked (and during server rendering). */
  state: PushState | null;
  pending: boolean;
  /** The last switch on or off did not go through (network, push service, server). */
  failed: boolean;
  browser: PushBrowser;
  /** Finds out the state for the member on the page, re-attaching their own subscription. */
  check(memberId: number): Promise<void>;
  /** Asks the browser's permission, subscribes and tells the server. */
  subscribe(memberId: number, publicKey: string): Promise<void>;
  unsubscribe(): Promise<void>;
  /** At log-out: the server forgets this device, so the next person on it gets nothing. */
  detach(): Promise<void>;
}

async function postSubscription(subscription: PushSubscription) {
  await api(PUSH_PATH, { method: 'POST', body: { subscription: subscription.toJSON() } });
}

async function dropSubscription(subscription: PushSubscription) {
  await api(PUSH_PATH, { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe().catch(() => false);
  writeOwner(null);
}

export const usePush = create<PushStore>((set, get) => ({
  state: null,
  pending: false,
  failed: false,
  browser: windowPushBrowser,

  async check(memberId) {
    const { browser } = get();
    if (!browser.capable()) return set({ state: 'not_capable' });
    const permission = browser.permission();
    let subscription = permission === 'granted' ? await browser.getSubscription().catch(() => null) : null;
    if (subscription && readOwner() !== memberId) {
      // Someone else's: ending it makes the push service refuse it, and the server drops it.
      await subscription.unsubscribe().catch(() => false);
      writeOwner(null);
      subscription = null;
    }
    // The server may have dropped it meanwhile (an expired endpoint, a log-out in another tab);
    // attaching it again is harmless, the server keeps one row per endpoint.
    if (subscription) void postSubscription(subscription).catch(() => {});
    set({ state: derivePushState({ capable: true, permission, hasOwnSubscription: !!subscription }) });
  },

  async subscribe(memberId, publicKey) {
    const { browser } = get();
    set({ pending: true, failed: false });
    try {
      const permission = await browser.requestPermission();
      if (permission !== 'granted') {
        set({ state: derivePushState({ capable: true, permission, hasOwnSubscription: false }) });
        return;
      }
      const subscription = (await browser.getSubscription()) ?? (await browser.subscribe(applicationServerKey(publicKey)));
      await postSubscription(subscription);
      writeOwner(memberId);
      set({ state: 'subscribed' });
    } catch {
      set({ failed: true });
    } finally {
      set({ pending: false });
    }
  },

  async unsubscribe() {
    const { browser } = get();
    set({ pending: true, failed: false });
    try {
      const subscription = await browser.getSubscription();
      if (subscription) await dropSubscription(subscription);
      set({ state: derivePushState({ capable: true, permission: browser.permission(), hasOwnSubscription: false }) });
    } catch {
      set({ failed: true });
    } finally {
      set({ pending: false });
    }
  },

  async detach() {
    const { browser } = get();
    try {
      if (!browser.capable()) return;
      const subscription = await browser.getSubscription();
      if (!subscription) return;
      // Ended in the browser even when the server did not answer: the push service then
      // refuses the endpoint and the server drops it at its next send.
      await api(PUSH_PATH, { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(() => {});
      await subscription.unsubscribe().catch(() => false);
      writeOwner(null);
    } catch {
      // Logging out goes on regardless; the owner check at the next log-in catches the rest.
    } finally {
      set({ state: null });
    }
  },
}));

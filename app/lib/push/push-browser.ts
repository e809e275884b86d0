import { canUseServiceWorker, registerServiceWorker } from './service-worker';

/** What the push store needs from the browser; journeys and tests put their own in its place. */
export interface PushBrowser {
  capable(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** The subscription the site's worker holds, or null (also when no worker is registered). */
  getSubscription(): Promise<PushSubscription | null>;
  subscribe(applicationServerKey: Uint8Array<ArrayBuffer>): Promise<PushSubscription>;
}

export const windowPushBrowser: PushBrowser = {
  capable: () => canUseServiceWorker() && 'PushManager' in window && 'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  async getSubscription() {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return registration ? registration.pushManager.getSubscription() : null;
  },
  async subscribe(applicationServerKey) {
    await registerServiceWorker();
    // Subscribing needs an active worker; `ready` waits for the one just registered.
    const registration = await navigator.serviceWorker.ready;
    return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  },
};

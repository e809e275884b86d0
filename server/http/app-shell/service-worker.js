/* Rendezvous service worker: push messages, the app-icon badge and an offline page.
 * Served at /sw.js with scope / (see app-shell.routes.ts). It caches nothing but the offline
 * page: API answers and member pages are private and change every minute. Plain script, no
 * imports: every browser that can install a worker runs it as it is. */

const OFFLINE_CACHE = 'rendezvous-offline-v1';
const OFFLINE_URL = '/offline';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload', credentials: 'same-origin' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('rendezvous-') && key !== OFFLINE_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Only page loads fall back; the console, the API and files go to the network untouched. */
function answersOffline(request) {
  if (request.mode !== 'navigate' || request.method !== 'GET') return false;
  const path = new URL(request.url).pathname;
  return !path.startsWith('/admin') && !path.startsWith('/api/');
}

self.addEventListener('fetch', (event) => {
  if (!answersOffline(event.request)) return;
  event.respondWith(
    fetch(event.request).catch(() =>
      caches.match(OFFLINE_URL, { cacheName: OFFLINE_CACHE }).then((page) => page || Response.error()),
    ),
  );
});

/** A path on this site, never another origin's address (a push payload is data, not trust). */
function sitePath(path) {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/** The server's payload: { title, body, path, tag, badge? } (server/domain/notifications). */
function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const shown = self.registration.showNotification(typeof payload.title === 'string' && payload.title ? payload.title : self.location.hostname, {
    body: typeof payload.body === 'string' ? payload.body : '',
    tag: typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined,
    icon: '/app-icon/192.png',
    badge: '/app-icon/192.png',
    data: { path: sitePath(payload.path) },
  });
  // The app icon shows the member's unread messages and new likes (spec §2); a browser
  // without badges, or one that refuses, simply shows none (spec §8).
  const count = Number(payload.badge);
  const badged =
    Number.isInteger(count) && count >= 0 && 'setAppBadge' in self.navigator
      ? (count > 0 ? self.navigator.setAppBadge(count) : self.navigator.clearAppBadge()).catch(() => {})
      : Promise.resolve();
  event.waitUntil(Promise.all([shown, badged]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(sitePath(event.notification.data && event.notification.data.path), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        return open.focus().then((focused) => (focused || open).navigate(target)).catch(() => self.clients.openWindow(target));
      }
      return self.clients.openWindow(target);
    }),
  );
});

import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const source = fs.readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8');
const ORIGIN = 'https://flirt.test';

type Listener = (event: Record<string, unknown>) => void;

/** Runs the worker script in a global of its own, with the parts of a worker scope it uses. */
function loadWorker(options: { windows?: Array<{ url: string }>; badges?: boolean; network?: 'up' | 'down' } = {}) {
  const listeners = new Map<string, Listener>();
  const cached = new Map<string, string>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const windows = (options.windows ?? []).map((window) => ({
    ...window,
    focus: vi.fn(async function (this: unknown) {
      return this;
    }),
    navigate: vi.fn(async () => null),
  }));
  const navigator: Record<string, unknown> = {};
  if (options.badges !== false) {
    navigator.setAppBadge = vi.fn(async () => {});
    navigator.clearAppBadge = vi.fn(async () => {});
  }
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    navigator,
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => {}),
    registration: { showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => void shown.push({ title, options })) },
    clients: { claim: vi.fn(async () => {}), matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
  };
  const caches = {
    open: async () => ({ add: async (request: { url: string }) => void cached.set(new URL(request.url, ORIGIN).pathname, 'offline page') }),
    keys: async () => ([...cached.keys()].length ? ['rendezvous-offline-v1', 'rendezvous-old'] : []),
    delete: vi.fn(async () => true),
    match: async (path: string) => (cached.has(path) ? { body: cached.get(path) } : undefined),
  };
  const fetch = vi.fn(async () => {
    if (options.network === 'down') throw new TypeError('Failed to fetch');
    return { body: 'live page' };
  });
  class FakeRequest {
    constructor(
      readonly url: string,
      readonly init?: unknown,
    ) {}
  }
  vm.runInNewContext(source, { self, caches, fetch, Request: FakeRequest, Response: { error: () => ({ body: 'error' }) }, URL, Promise, Number, console });

  async function dispatch(type: string, event: Record<string, unknown>) {
    const pending: Array<Promise<unknown>> = [];
    let answer: Promise<unknown> | undefined;
    listeners.get(type)!({
      ...event,
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
      respondWith: (promise: Promise<unknown>) => (answer = promise),
    });
    await Promise.all(pending);
    return answer;
  }
  return { self, caches, fetch, shown, windows, dispatch };
}

const pushEvent = (payload: unknown) => ({ data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) } });

describe('service worker: push', () => {
  it('shows the payload as a notification with the brand icon and keeps the path', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', pushEvent({ title: 'Anna wrote to you', body: 'Hi there!', path: '/chats/12', tag: 'conversation-12', badge: 3 }));
    expect(worker.shown).toEqual([
      {
        title: 'Anna wrote to you',
        options: expect.objectContaining({ body: 'Hi there!', tag: 'conversation-12', icon: '/app-icon/192.png', data: { path: '/chats/12' } }),
      },
    ]);
    expect(worker.self.navigator.setAppBadge).toHaveBeenCalledWith(3);
  });

  it('clears the badge at zero and leaves it alone when the payload has none', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', pushEvent({ title: 'x', body: '', path: '/', tag: 't', badge: 0 }));
    expect(worker.self.navigator.clearAppBadge).toHaveBeenCalled();
    await worker.dispatch('push', pushEvent({ title: 'x', body: '', path: '/', tag: 't' }));
    expect(worker.self.navigator.setAppBadge).not.toHaveBeenCalled();
  });

  it('still shows a notification for a payload that is not JSON, and in a browser without badges', async () => {
    const worker = loadWorker({ badges: false });
    await worker.dispatch('push', pushEvent('not json'));
    expect(worker.shown[0].title).toBe('flirt.test');
    await worker.dispatch('push', pushEvent({ title: 'Liked', badge: 2, path: 'https://evil.example/' }));
    expect(worker.shown[1]).toMatchObject({ title: 'Liked', options: { data: { path: '/' } } });
  });
});

describe('service worker: notification click', () => {
  const click = (path: unknown) => ({ notification: { close: vi.fn(), data: { path } } });

  it('focuses an open tab of the site and takes it to the path', async () => {
    const worker = loadWorker({ windows: [{ url: 'https://other.example/' }, { url: `${ORIGIN}/members` }] });
    await worker.dispatch('notificationclick', click('/likes/m/5'));
    expect(worker.windows[1].focus).toHaveBeenCalled();
    expect(worker.windows[1].navigate).toHaveBeenCalledWith(`${ORIGIN}/likes/m/5`);
    expect(worker.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when no tab of the site is open, never on another origin', async () => {
    const worker = loadWorker();
    await worker.dispatch('notificationclick', click('//evil.example/x'));
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});

describe('service worker: offline page', () => {
  const navigation = (path: string) => ({ request: { mode: 'navigate', method: 'GET', url: `${ORIGIN}${path}` } });

  it('keeps the offline page at install and answers a failed page load with it', async () => {
    const worker = loadWorker({ network: 'down' });
    await worker.dispatch('install', {});
    expect(await worker.dispatch('fetch', navigation('/members/3'))).toEqual({ body: 'offline page' });
  });

  it('passes page loads through while the network answers', async () => {
    const worker = loadWorker({ network: 'up' });
    await worker.dispatch('install', {});
    expect(await worker.dispatch('fetch', navigation('/members'))).toEqual({ body: 'live page' });
  });

  it('leaves the API, files and the console alone (nothing private is cached)', async () => {
    const worker = loadWorker({ network: 'down' });
    await worker.dispatch('install', {});
    expect(await worker.dispatch('fetch', { request: { mode: 'cors', method: 'GET', url: `${ORIGIN}/api/chats.php` } })).toBeUndefined();
    expect(await worker.dispatch('fetch', navigation('/admin/members'))).toBeUndefined();
    expect(await worker.dispatch('fetch', { request: { mode: 'no-cors', method: 'GET', url: `${ORIGIN}/media/a.webp` } })).toBeUndefined();
  });

  it('drops caches of older versions when it activates', async () => {
    const worker = loadWorker();
    await worker.dispatch('install', {});
    await worker.dispatch('activate', {});
    expect(worker.caches.delete).toHaveBeenCalledWith('rendezvous-old');
    expect(worker.caches.delete).not.toHaveBeenCalledWith('rendezvous-offline-v1');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushBrowser } from '../lib/push/push-browser';

const api = vi.fn();
vi.mock('../lib/api-client', () => ({ api: (...args: unknown[]) => api(...args) }));
const { usePush } = await import('./push');

const PUBLIC_KEY = Buffer.from(Uint8Array.from({ length: 65 }, (_, index) => index)).toString('base64url');

function fakeSubscription(endpoint = 'https://push.example/abc') {
  return {
    endpoint,
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
  } as unknown as PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };
}

/** A browser whose permission prompt answers `answer` and whose push service hands out `made`. */
function fakeBrowser(options: { capable?: boolean; permission?: NotificationPermission; answer?: NotificationPermission; existing?: PushSubscription | null }) {
  let permission = options.permission ?? 'default';
  let current = options.existing ?? null;
  const made = fakeSubscription('https://push.example/new');
  const browser: PushBrowser & { made: typeof made } = {
    made,
    capable: () => options.capable ?? true,
    permission: () => permission,
    requestPermission: vi.fn(async () => (permission = options.answer ?? permission)),
    getSubscription: async () => current,
    subscribe: vi.fn(async () => (current = made)),
  };
  return browser;
}

const storage = new Map<string, string>();

beforeEach(() => {
  api.mockReset();
  api.mockResolvedValue({ ok: true });
  storage.clear();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  usePush.setState({ state: null, pending: false, failed: false });
});

describe('push store', () => {
  it('says not capable where the browser has no push', async () => {
    usePush.setState({ browser: fakeBrowser({ capable: false }) });
    await usePush.getState().check(7);
    expect(usePush.getState().state).toBe('not_capable');
  });

  it('subscribes after the member allows it, and sends the subscription to the server', async () => {
    const browser = fakeBrowser({ answer: 'granted' });
    usePush.setState({ browser });
    await usePush.getState().check(7);
    expect(usePush.getState().state).toBe('not_subscribed');

    await usePush.getState().subscribe(7, PUBLIC_KEY);
    expect(browser.subscribe).toHaveBeenCalledOnce();
    expect([...(vi.mocked(browser.subscribe).mock.calls[0][0] as Uint8Array)]).toHaveLength(65);
    expect(api).toHaveBeenCalledWith('user.php?push=1', expect.objectContaining({ method: 'POST', body: { subscription: browser.made.toJSON() } }));
    expect(usePush.getState()).toMatchObject({ state: 'subscribed', pending: false, failed: false });
  });

  it('is denied when the member refuses the prompt, and tells the server nothing', async () => {
    usePush.setState({ browser: fakeBrowser({ answer: 'denied' }) });
    await usePush.getState().subscribe(7, PUBLIC_KEY);
    expect(usePush.getState().state).toBe('denied');
    expect(api).not.toHaveBeenCalled();
  });

  it('stays not subscribed and says so when the server refuses the subscription', async () => {
    usePush.setState({ browser: fakeBrowser({ answer: 'granted' }), state: 'not_subscribed' });
    api.mockRejectedValueOnce(new Error('offline'));
    await usePush.getState().subscribe(7, PUBLIC_KEY);
    expect(usePush.getState()).toMatchObject({ state: 'not_subscribed', failed: true, pending: false });
  });

  it('finds the member’s own subscription again on the next visit and re-attaches it', async () => {
    const browser = fakeBrowser({ answer: 'granted' });
    usePush.setState({ browser });
    await usePush.getState().subscribe(7, PUBLIC_KEY);
    api.mockClear();
    usePush.setState({ state: null });
    await usePush.getState().check(7);
    expect(usePush.getState().state).toBe('subscribed');
    expect(api).toHaveBeenCalledWith('user.php?push=1', expect.objectContaining({ method: 'POST' }));
  });

  it('ends a subscription left by another member instead of showing it as this member’s', async () => {
    const browser = fakeBrowser({ answer: 'granted' });
    usePush.setState({ browser });
    await usePush.getState().subscribe(7, PUBLIC_KEY);
    api.mockClear();
    await usePush.getState().check(8);
    expect(usePush.getState().state).toBe('not_subscribed');
    expect(browser.made.unsubscribe).toHaveBeenCalled();
    expect(api).not.toHaveBeenCalled();
  });

  it('unsubscribes: the server forgets the endpoint and the browser ends it', async () => {
    const browser = fakeBrowser({ answer: 'granted' });
    usePush.setState({ browser });
    await usePush.getState().subscribe(7, PUBLIC_KEY);
    await usePush.getState().unsubscribe();
    expect(api).toHaveBeenLastCalledWith('user.php?push=1', expect.objectContaining({ method: 'DELETE', body: { endpoint: 'https://push.example/new' } }));
    expect(browser.made.unsubscribe).toHaveBeenCalled();
    expect(usePush.getState().state).toBe('not_subscribed');
  });

  it('at log-out ends the subscription in the browser even when the server cannot be reached', async () => {
    const existing = fakeSubscription();
    usePush.setState({ browser: fakeBrowser({ permission: 'granted', existing }), state: 'subscribed' });
    api.mockRejectedValue(new Error('offline'));
    await usePush.getState().detach();
    expect(api).toHaveBeenCalledWith('user.php?push=1', expect.objectContaining({ method: 'DELETE', body: { endpoint: existing.endpoint } }));
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(usePush.getState().state).toBeNull();
  });
});

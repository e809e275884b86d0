import { describe, expect, it, vi } from 'vitest';
import { hasBackHistory, showsBackButton } from './back-button';
import { isInstalledApp } from './use-installed-app';
import { showAppBadge } from './app-badge';

const media = (standalone: boolean) => ({ matchMedia: (query: string) => ({ matches: standalone && query === '(display-mode: standalone)' }) });

describe('isInstalledApp', () => {
  it('is true in the standalone display mode', () => {
    expect(isInstalledApp(media(true), {})).toBe(true);
    expect(isInstalledApp(media(false), {})).toBe(false);
  });

  it('is true from the iOS home screen, where the media query may not match', () => {
    expect(isInstalledApp(media(false), { standalone: true })).toBe(true);
    expect(isInstalledApp({}, { standalone: false })).toBe(false);
  });
});

describe('showsBackButton (spec §2)', () => {
  const withHistory = { idx: 2 };
  it('shows on the spec’s routes in the installed app when there is history', () => {
    for (const id of ['routes/members/profile', 'likes-type', 'routes/likes/match', 'credits', 'credits-id-paymentmethod']) {
      expect(showsBackButton({ installed: true, routeIds: ['root', 'routes/layouts/default', id], historyState: withHistory })).toBe(true);
    }
  });

  it('does not show in a browser tab, without history, or on other routes', () => {
    expect(showsBackButton({ installed: false, routeIds: ['root', 'credits'], historyState: withHistory })).toBe(false);
    expect(showsBackButton({ installed: true, routeIds: ['root', 'credits'], historyState: { idx: 0 } })).toBe(false);
    expect(showsBackButton({ installed: true, routeIds: ['root', 'credits'], historyState: null })).toBe(false);
    for (const id of ['routes/members/search', 'likes', 'routes/chat/conversation', 'transactions-id', 'routes/account/settings']) {
      expect(showsBackButton({ installed: true, routeIds: ['root', id], historyState: withHistory })).toBe(false);
    }
  });

  it('reads React Router’s history index', () => {
    expect(hasBackHistory({ idx: 1, key: 'x', usr: null })).toBe(true);
    expect(hasBackHistory({ idx: '1' })).toBe(false);
    expect(hasBackHistory(undefined)).toBe(false);
  });
});

describe('showAppBadge (spec §2, §8)', () => {
  it('sets the count, clears at zero, and ignores refusals', async () => {
    const target = { setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => Promise.reject(new Error('not allowed'))) };
    showAppBadge(3, target);
    expect(target.setAppBadge).toHaveBeenCalledWith(3);
    showAppBadge(0, target);
    expect(target.clearAppBadge).toHaveBeenCalled();
    expect(() =>
      showAppBadge(1, {
        setAppBadge: () => {
          throw new Error('iframe');
        },
      }),
    ).not.toThrow();
    expect(() => showAppBadge(1, {})).not.toThrow();
  });
});

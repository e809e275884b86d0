import { describe, expect, it } from 'vitest';
import { applicationServerKey, derivePushState, refreshIntervalFor, REFRESH_EVERY_MS, REFRESH_EVERY_WITH_PUSH_MS } from './push-state';

describe('derivePushState (spec §4 push states)', () => {
  it('is not capable without the browser parts, whatever else it says', () => {
    expect(derivePushState({ capable: false, permission: 'granted', hasOwnSubscription: true })).toBe('not_capable');
  });

  it('is denied once the member blocked notifications, even with a left-over subscription', () => {
    expect(derivePushState({ capable: true, permission: 'denied', hasOwnSubscription: true })).toBe('denied');
    expect(derivePushState({ capable: true, permission: 'denied', hasOwnSubscription: false })).toBe('denied');
  });

  it('is subscribed only with permission and a subscription of this member', () => {
    expect(derivePushState({ capable: true, permission: 'granted', hasOwnSubscription: true })).toBe('subscribed');
    expect(derivePushState({ capable: true, permission: 'granted', hasOwnSubscription: false })).toBe('not_subscribed');
    expect(derivePushState({ capable: true, permission: 'default', hasOwnSubscription: true })).toBe('not_subscribed');
    expect(derivePushState({ capable: true, permission: 'default', hasOwnSubscription: false })).toBe('not_subscribed');
  });
});

describe('refreshIntervalFor (spec §4/§9 refresh)', () => {
  it('refreshes every 5 minutes when push is subscribed and every minute otherwise', () => {
    expect(REFRESH_EVERY_MS).toBe(60_000);
    expect(REFRESH_EVERY_WITH_PUSH_MS).toBe(300_000);
    expect(refreshIntervalFor('subscribed')).toBe(300_000);
    for (const state of ['not_capable', 'not_subscribed', 'denied', null] as const) expect(refreshIntervalFor(state)).toBe(60_000);
  });
});

describe('applicationServerKey', () => {
  it('turns a base64url VAPID key (no padding, - and _) into its bytes', () => {
    const bytes = Uint8Array.from([0x04, 0xfb, 0xff, 0x3e, 0x10, 0x00, 0xfe]);
    const base64url = Buffer.from(bytes).toString('base64url');
    expect(base64url).toMatch(/[-_]/);
    expect([...applicationServerKey(base64url)]).toEqual([...bytes]);
  });
});

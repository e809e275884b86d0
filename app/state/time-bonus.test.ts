import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiscountCode } from '../../contract/payments';

const api = vi.fn();
vi.mock('../lib/api-client', () => ({ api: (...args: unknown[]) => api(...args) }));
const { timeBonusEndsAt, toCountdownTimer, useTimeBonus } = await import('./time-bonus');

const SIGNED_UP = new Date('2026-11-22T10:00:00.000Z');
const member = (overrides: { paid_user?: boolean; created_at?: string } = {}) => ({ paid_user: false, created_at: SIGNED_UP.toISOString(), ...overrides });
const at = (hours: number, seconds = 0) => new Date(SIGNED_UP.getTime() + hours * 3_600_000 + seconds * 1000);
const timeBonusCode = { code: 'TIMEBONUS25', kind: 'time_bonus', value_percentage: 25 } as DiscountCode;

describe('time bonus store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    api.mockReset();
  });
  afterEach(() => {
    useTimeBonus.getState().clear();
    vi.useRealTimers();
  });

  it('shows the time left as two-digit text', () => {
    expect(toCountdownTimer(3 * 3600 + 4 * 60 + 5)).toEqual({ hours: '03', minutes: '04', seconds: '05' });
    expect(toCountdownTimer(-3)).toEqual({ hours: '00', minutes: '00', seconds: '00' });
  });

  it('exists only for a member who has not paid', () => {
    expect(timeBonusEndsAt(null)).toBeNull();
    expect(timeBonusEndsAt(member({ paid_user: true }))).toBeNull();
    expect(timeBonusEndsAt(member())).toBe(at(4).getTime());
  });

  it('counts down every second from four hours after sign-up', () => {
    vi.setSystemTime(at(1));
    useTimeBonus.getState().start(member());
    expect(useTimeBonus.getState()).toMatchObject({ isVisible: true, countdownTimer: { hours: '03', minutes: '00', seconds: '00' } });
    vi.advanceTimersByTime(1000);
    expect(useTimeBonus.getState().countdownTimer).toEqual({ hours: '02', minutes: '59', seconds: '59' });
    vi.advanceTimersByTime(61_000);
    expect(useTimeBonus.getState().countdownTimer).toEqual({ hours: '02', minutes: '58', seconds: '58' });
  });

  it('keeps one countdown when started again for the same member', () => {
    vi.setSystemTime(at(1));
    useTimeBonus.getState().start(member());
    const interval = useTimeBonus.getState().countdownInterval;
    useTimeBonus.getState().start(member());
    expect(useTimeBonus.getState().countdownInterval).toBe(interval);
  });

  it('is cleared when the countdown reaches zero', () => {
    vi.setSystemTime(at(4, -2));
    useTimeBonus.getState().start(member());
    expect(useTimeBonus.getState().isVisible).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(useTimeBonus.getState()).toMatchObject({ isVisible: false, countdownInterval: null, countdownTimer: { hours: '00', minutes: '00', seconds: '00' } });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never starts four hours or more after sign-up', () => {
    vi.setSystemTime(at(4));
    useTimeBonus.getState().start(member());
    expect(useTimeBonus.getState().isVisible).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is cleared on logout and when the member becomes paid', () => {
    vi.setSystemTime(at(0, 30));
    useTimeBonus.getState().start(member());
    useTimeBonus.getState().start(null);
    expect(useTimeBonus.getState().isVisible).toBe(false);
    useTimeBonus.getState().start(member());
    useTimeBonus.getState().start(member({ paid_user: true }));
    expect(useTimeBonus.getState().isVisible).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the server’s time bonus code, and clears when the server applies another discount', async () => {
    vi.setSystemTime(at(1));
    useTimeBonus.getState().start(member());
    api.mockResolvedValueOnce({ discountcode: timeBonusCode });
    await useTimeBonus.getState().loadDiscountCode();
    expect(useTimeBonus.getState().discountcode).toMatchObject({ code: 'TIMEBONUS25', value_percentage: 25 });

    api.mockResolvedValueOnce({ discountcode: { ...timeBonusCode, code: 'WELCOME-1', kind: 'welcome' } });
    await useTimeBonus.getState().loadDiscountCode();
    expect(useTimeBonus.getState().isVisible).toBe(false);
  });

  it('ignores a failed discount code call', async () => {
    vi.setSystemTime(at(1));
    useTimeBonus.getState().start(member());
    api.mockRejectedValueOnce(new Error('offline'));
    await useTimeBonus.getState().loadDiscountCode();
    expect(useTimeBonus.getState()).toMatchObject({ isVisible: true, discountcode: null });
  });
});

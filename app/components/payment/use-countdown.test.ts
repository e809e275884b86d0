import { describe, expect, it } from 'vitest';
import { formatCountdown } from './use-countdown';

describe('formatCountdown', () => {
  it('shows two-digit hours, minutes and seconds', () => expect(formatCountdown(3 * 3600 + 4 * 60 + 5)).toBe('03:04:05'));
  it('lets hours pass a day for a three-day welcome discount', () => expect(formatCountdown(72 * 3600 - 1)).toBe('71:59:59'));
  it('never goes below zero', () => expect(formatCountdown(-5)).toBe('00:00:00'));
});

import { describe, expect, it } from 'vitest';
import { RECONNECT_CAP_MS, reconnectDelay, RESTART_SPREAD_MS, SERVICE_RESTART } from './reconnect-delay';

describe('reconnectDelay', () => {
  it('spreads the first attempt after a drain over a second, from zero', () => {
    expect(reconnectDelay(1, SERVICE_RESTART, () => 0)).toBe(0);
    expect(reconnectDelay(1, SERVICE_RESTART, () => 0.999)).toBeLessThan(RESTART_SPREAD_MS);
  });

  it('grows with every failure, up to its cap', () => {
    const least = [1, 2, 3, 4, 5, 12].map((attempt) => reconnectDelay(attempt, 1006, () => 0));
    expect(least).toEqual([250, 500, 1_000, 2_000, 2_000, 2_000]);
    expect(reconnectDelay(50, 1006, () => 0.999999)).toBeLessThanOrEqual(RECONNECT_CAP_MS);
  });

  it('is half random, so tabs cut off together come back apart', () => {
    expect(reconnectDelay(3, 1006, () => 0)).toBe(1_000);
    expect(reconnectDelay(3, 1006, () => 1)).toBe(2_000);
    // A second drain in a row is an outage like any other.
    expect(reconnectDelay(2, SERVICE_RESTART, () => 0)).toBe(500);
  });
});

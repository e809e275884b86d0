import { describe, expect, it } from 'vitest';
import { percentOf, retentionCurve } from './retention';

describe('retentionCurve', () => {
  it('weighs each week since sign-up by the cohorts that reached it', () => {
    const curve = retentionCurve([
      { week: '2026-03-30', size: 4, active: [4, 2, 1], paying: [1, 1, 0] },
      { week: '2026-04-06', size: 6, active: [3, 3], paying: [3, 0] },
      { week: '2026-04-13', size: 0, active: [0], paying: [0] },
    ]);
    expect(curve).toEqual({ active: [70, 50, 25], paying: [40, 10, 0] });
  });

  it('has no share for an empty cohort', () => {
    expect(percentOf(0, 0)).toBeNull();
    expect(percentOf(1, 3)).toBe(33.3);
  });
});

import { describe, expect, it } from 'vitest';
import { compareWithBaseline, pickBaseline, withBaseline } from './quick-compare';

describe('the quick bench against its baseline', () => {
  it('names a ratio that fell or rose beyond the noise, and leaves the rest alone', () => {
    const { rows, moved } = compareWithBaseline(
      { 'http settings API': 0.3, 'pages cached visitor /': 0.9, 'search, 1 conn': 0.7 },
      { 'http settings API': 0.45, 'pages cached visitor /': 0.8, 'search, 1 conn': 0.5 },
    );
    expect(moved).toEqual(['http settings API: 0.450 → 0.300 (slower)', 'search, 1 conn: 0.500 → 0.700 (faster)']);
    expect(rows.map((row) => row[4])).toEqual(['SLOWER', '', 'faster']);
    expect(rows[0][3]).toBe('-33 %');
  });

  it('says which figures are new and which were not measured this time', () => {
    const { rows, moved } = compareWithBaseline(
      { 'chat closed loop ÷ ws relay': 0.3, 'pages uncached visitor /': Number.NaN },
      { 'pages uncached visitor /': 0.02 },
    );
    expect(rows).toEqual([
      ['pages uncached visitor /', '0.0200', '–', '', 'not measured'],
      ['chat closed loop ÷ ws relay', '–', '0.300', '', 'new'],
    ]);
    expect(moved).toEqual(['pages uncached visitor /: not measured (baseline 0.0200)']);
  });
});

describe('the baseline a run is compared with', () => {
  const intel = {
    measuredAt: '2026-11-30T06:02:03.514Z',
    machine: 'node v20.20.2, 2 × Intel Xeon, load average 2.31',
    processor: '2 × Intel Xeon',
    ratios: { a: 0.5 },
  };
  const amd = {
    measuredAt: '2026-11-30T23:40:00.000Z',
    machine: 'node v20.20.2, 2 × AMD EPYC, load average 2.04',
    processor: '2 × AMD EPYC',
    ratios: { a: 0.6 },
  };

  it("is this processor's own, else the newest of another, said as such", () => {
    const file = { baselines: [amd, intel] };
    expect(pickBaseline(file, '2 × Intel Xeon')).toEqual({ baseline: intel, sameProcessor: true });
    expect(pickBaseline(file, '2 × AMD EPYC')).toEqual({ baseline: amd, sameProcessor: true });
    expect(pickBaseline(file, '4 × Apple M2')).toEqual({ baseline: amd, sameProcessor: false });
    expect(pickBaseline({ baselines: [] }, '2 × AMD EPYC')).toBeNull();
  });

  it("replaces only this processor's baseline when a run is written as the new one", () => {
    const newer = { ...amd, measuredAt: '2026-12-01T00:00:00.000Z', ratios: { a: 0.7 } };
    expect(withBaseline({ baselines: [intel, amd] }, newer)).toEqual({ baselines: [intel, newer] });
    expect(withBaseline({ baselines: [intel] }, amd)).toEqual({ baselines: [intel, amd] });
  });
});

import { describe, expect, it } from 'vitest';
import { compareWithBaseline } from './quick-compare';

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

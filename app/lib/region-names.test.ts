import { describe, expect, it } from 'vitest';
import { regionName } from './region-names';

describe('regionName', () => {
  it('names a country in the language asked for', () => {
    expect(regionName('de', 'NL')).toBe('Niederlande');
    expect(regionName('en', 'NL')).toBe('Netherlands');
  });

  it('falls back to the code for a code or a language Intl does not take, instead of throwing', () => {
    expect(regionName('en', 'not-a-code')).toBe('not-a-code');
    expect(regionName('??', 'NL')).toBe('NL');
  });
});

import { describe, expect, it } from 'vitest';
import { regionName, regionNames, withCountryName } from './region-names';

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

describe('regionNames', () => {
  it('names each country once, in the language asked for, and skips an empty code', () => {
    expect(regionNames('de', ['NL', 'BE', 'NL', ''])).toEqual({ NL: 'Niederlande', BE: 'Belgien' });
  });
});

describe('withCountryName', () => {
  const proof = { online_now: 3, new_today: 1234, nearby: 10_000, country: 'DE' };

  it('writes the figures and the country out in the page’s language, so the browser builds no Intl tables', () => {
    expect(withCountryName(proof, 'en')).toEqual({ ...proof, country_name: 'Germany', written: { online_now: '3', new_today: '1,234', nearby: '10,000+' } });
    expect(withCountryName({ ...proof, nearby: 9_999 }, 'de').written).toEqual({ online_now: '3', new_today: '1.234', nearby: '9.999' });
    expect(withCountryName(proof, 'de').country_name).toBe('Deutschland');
  });
});

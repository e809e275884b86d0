import { describe, expect, it } from 'vitest';
import { withCountryName } from './social-proof';

describe('withCountryName', () => {
  const proof = { online_now: 3, new_today: 1234, nearby: 10_000, country: 'DE' };

  it('writes the figures and the country out in the page’s language, so the browser builds no Intl tables', () => {
    expect(withCountryName(proof, 'en')).toEqual({ ...proof, country_name: 'Germany', written: { online_now: '3', new_today: '1,234', nearby: '10,000+' } });
    expect(withCountryName({ ...proof, nearby: 9_999 }, 'de').written).toEqual({ online_now: '3', new_today: '1.234', nearby: '9.999' });
    expect(withCountryName(proof, 'de').country_name).toBe('Deutschland');
  });
});

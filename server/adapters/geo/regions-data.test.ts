import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from '../../../contract/countries';
import { REGION_NAMES } from './regions-data';
import { loadRawCities, MIN_POPULATION } from './world-cities';

describe('REGION_NAMES', () => {
  it('has regions for every served country and nothing else', () => {
    expect(Object.keys(REGION_NAMES).sort()).toEqual([...COUNTRY_CODES].sort());
    for (const country of COUNTRY_CODES) {
      expect(Object.keys(REGION_NAMES[country]).length, country).toBeGreaterThan(0);
    }
  });

  it('names every admin1 code GeoNames uses for cities of 1000+ in served countries', () => {
    const missing = new Set<string>();
    const used = new Set<string>();
    for (const city of loadRawCities()) {
      if (city.population < MIN_POPULATION || !isCountryCode(city.country)) continue;
      const key = `${city.country}-${city.adminCode}`;
      used.add(key);
      if (!Object.hasOwn(REGION_NAMES[city.country], city.adminCode)) missing.add(key);
    }
    expect([...missing]).toEqual([]);
    // And the other way round: no invented codes that no city carries.
    const unused = COUNTRY_CODES.flatMap((country) => Object.keys(REGION_NAMES[country]).map((code) => `${country}-${code}`)).filter((id) => !used.has(id));
    expect(unused).toEqual([]);
  }, 30_000); // decodes all ~135k GeoNames cities
});

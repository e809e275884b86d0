import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES } from '../../../contract/countries';
import { GeocodeResult } from '../../../contract/site';
import { createOfflineGeo } from './offline-geo';

const geo = createOfflineGeo();

// The first call loads ~135k GeoNames cities; give that its own budget, not the first test's.
beforeAll(() => void geo.listCities('NL', undefined, 1), 30_000);

describe('reverseGeocode', () => {
  it('places the Dam in Amsterdam, Noord-Holland', () => {
    const result = geo.reverseGeocode(52.3731, 4.8922);
    expect(result).toMatchObject({
      city: 'Amsterdam',
      country: 'NL',
      region: 'NL-07',
      region_name: 'Noord-Holland',
    });
    expect(GeocodeResult.parse(result)).toEqual(result);
  });

  it('places Marienplatz in München, Bayern', () => {
    expect(geo.reverseGeocode(48.1374, 11.5755)).toMatchObject({
      city: 'München',
      country: 'DE',
      region: 'DE-02',
      region_name: 'Bayern',
    });
  });

  it('places Zürich Hauptbahnhof in canton Zürich', () => {
    expect(geo.reverseGeocode(47.3779, 8.5403)).toMatchObject({
      city: 'Zürich',
      country: 'CH',
      region: 'CH-ZH',
      region_name: 'Zürich',
    });
  });

  it('names a point in a big city after the city, not a nearer suburb point', () => {
    expect(geo.reverseGeocode(48.8584, 2.2945)).toMatchObject({ city: 'Paris', region: 'FR-11' });
    expect(geo.reverseGeocode(40.758, -73.9855)).toMatchObject({ city: 'New York City', region: 'US-NY' });
  });

  it('names a town next to a city after the town', () => {
    expect(geo.reverseGeocode(52.3008, 4.8639)).toMatchObject({ city: 'Amstelveen', region: 'NL-07' });
    expect(geo.reverseGeocode(52.3874, 4.6462)).toMatchObject({ city: 'Haarlem', region: 'NL-07' });
  });

  it('places central Berlin in Berlin, not in a city section', () => {
    expect(geo.reverseGeocode(52.5163, 13.3777)).toMatchObject({ city: 'Berlin', region: 'DE-16' });
  });

  it('returns null in the mid-Atlantic', () => {
    expect(geo.reverseGeocode(30, -40)).toBeNull();
  });

  it('returns null when the nearest city is in a country not served', () => {
    expect(geo.reverseGeocode(32.5149, -117.0382)).toBeNull(); // Tijuana, MX
  });
});

describe('regions', () => {
  it('lists the 50 US states and DC', () => {
    const regions = geo.listRegions('US');
    expect(regions).toHaveLength(51);
    expect(regions).toContainEqual({ id: 'US-DC', name: 'District of Columbia' });
    expect(regions).toContainEqual({ id: 'US-CA', name: 'California' });
  });

  it('lists regions for every served country, sorted in its language', () => {
    for (const country of COUNTRY_CODES) {
      const names = geo.listRegions(country).map((r) => r.name);
      const collator = new Intl.Collator(COUNTRIES[country].language);
      expect(names.length, country).toBeGreaterThan(0);
      expect(names, country).toEqual([...names].sort(collator.compare));
    }
    // Polish order: Ł after L.
    const polish = geo.listRegions('PL').map((r) => r.name);
    expect(polish.indexOf('Łódzkie')).toBeGreaterThan(polish.indexOf('Lubuskie'));
  });

  it('finds a region only within its own country', () => {
    expect(geo.findRegion('NL', 'NL-07')).toEqual({ id: 'NL-07', name: 'Noord-Holland' });
    expect(geo.findRegion('BE', 'NL-07')).toBeNull();
    expect(geo.findRegion('NL', 'NL-99')).toBeNull();
  });
});

describe('listCities', () => {
  it('lists the cities of a region, most populous first', () => {
    const cities = geo.listCities('NL', 'NL-07', 3);
    expect(cities.map((c) => c.name)).toEqual(['Amsterdam', 'Haarlem', 'Zaanstad']);
    expect(cities[0]).toMatchObject({ region: 'NL-07', population: expect.any(Number) });
  });

  it('lists every served country with regions resolved', () => {
    for (const country of COUNTRY_CODES) {
      const cities = geo.listCities(country);
      expect(cities.length, country).toBeGreaterThan(0);
      expect(
        cities.every((c) => c.region?.startsWith(`${country}-`)),
        country,
      ).toBe(true);
      const populations = cities.map((c) => c.population);
      expect(populations, country).toEqual([...populations].sort((a, b) => b - a));
    }
  });

  it('returns nothing for an unknown region and copies so callers cannot corrupt the cache', () => {
    expect(geo.listCities('NL', 'DE-02')).toEqual([]);
    geo.listCities('NL', undefined, 1)[0].name = 'changed';
    expect(geo.listCities('NL', undefined, 1)[0].name).toBe('Amsterdam');
  });
});

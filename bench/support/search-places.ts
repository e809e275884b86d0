import { COUNTRY_CODES } from '../../contract/countries';
import { REGION_NAMES } from '../../server/adapters/geo/regions-data';
import { readWorldCities, releaseRawCities } from '../../server/adapters/geo/world-cities';
import { arrayLiteral, type Exec } from './search-data';

/**
 * Where the search bench's members live: real places of the bundled GeoNames extract (the
 * one the app geocodes with). Every member with a region lives in one of its biggest cities,
 * drawn by population, at that city's centre, as a member who picked a city does (ADR 0067):
 * so distance-sorted searches walk a realistic index, with big cities crowded and members of
 * one city sharing one point.
 */

/** The biggest cities of each region that members are spread over. */
const CITIES_PER_REGION = 40;
/** Slots per region in the draw table: a uniform slot is a draw weighted by population. */
export const CITY_SLOTS = 200;

interface City {
  name: string;
  lat: number;
  lon: number;
  population: number;
}

/**
 * The temp table `bench_city (country, region, slot, name, latitude, longitude)`: for each
 * region of the bench's countries CITY_SLOTS slots shared out among its biggest cities by
 * population (each city at least one slot). Returns how many cities it holds.
 */
export async function createCityTable(exec: Exec): Promise<number> {
  const byRegion = new Map<string, City[]>();
  const served = new Set<string>(COUNTRY_CODES);
  for (const row of readWorldCities()) {
    if (!served.has(row.country) || !Object.hasOwn(REGION_NAMES[row.country as keyof typeof REGION_NAMES], row.admin1)) continue;
    const key = `${row.country}:${row.admin1}`;
    const list = byRegion.get(key) ?? [];
    list.push({ name: row.name, lat: row.lat, lon: row.lon, population: row.population });
    byRegion.set(key, list);
  }
  releaseRawCities();

  const columns = { country: [] as string[], region: [] as string[], slot: [] as number[], name: [] as string[], lat: [] as number[], lon: [] as number[] };
  let cities = 0;
  for (const [key, list] of byRegion) {
    const [country, region] = key.split(':');
    const biggest = list.sort((a, b) => b.population - a.population).slice(0, CITIES_PER_REGION);
    cities += biggest.length;
    biggest.forEach((city, slot) => pushSlot(columns, country, region, slot, city));
    // The slots after one each per city go by population, so a capital gets most of them.
    const total = biggest.reduce((sum, city) => sum + city.population, 0);
    const rest = CITY_SLOTS - biggest.length;
    let slot = biggest.length;
    let covered = 0;
    let index = 0;
    for (let i = 0; i < rest; i++) {
      const point = ((i + 0.5) / rest) * total;
      while (point > covered + biggest[index].population && index < biggest.length - 1) covered += biggest[index++].population;
      pushSlot(columns, country, region, slot++, biggest[index]);
    }
  }
  await exec(
    `create temporary table bench_city (country text, region text, slot int, name text, latitude float8, longitude float8, primary key (country, region, slot))`,
  );
  await exec(
    `insert into bench_city select * from unnest($1::text::text[], $2::text::text[], $3::text::int[], $4::text::text[], $5::text::float8[], $6::text::float8[])`,
    [
      arrayLiteral(columns.country),
      arrayLiteral(columns.region),
      arrayLiteral(columns.slot),
      arrayLiteral(columns.name),
      arrayLiteral(columns.lat),
      arrayLiteral(columns.lon),
    ],
  );
  await exec(`analyze bench_city`);
  return cities;
}

function pushSlot(
  columns: { country: string[]; region: string[]; slot: number[]; name: string[]; lat: number[]; lon: number[] },
  country: string,
  region: string,
  slot: number,
  city: City,
) {
  columns.country.push(country);
  columns.region.push(region);
  columns.slot.push(slot);
  columns.name.push(city.name);
  columns.lat.push(city.lat);
  columns.lon.push(city.lon);
}

import { COUNTRY_CODES, type CountryCode } from '../../contract/countries';
import { REGION_NAMES } from '../../server/adapters/geo/regions-data';
import { buildDemoSites } from '../../server/seed/demo-sites';
import type { NewSiteRow } from '../../server/db/schema/index';
import { CITY_SLOTS, createCityTable } from './search-places';

/**
 * The search bench's data: a bulk loader that generates members inside the database (one
 * `INSERT … SELECT FROM generate_series` per table, the same SQL on PostgreSQL and PGlite), and
 * the seeded request mix. Both draw countries and regions from the same weighted pools, so the
 * requests look for people where people are.
 */

/** Runs one statement; `rows` as the driver returns them. PostgreSQL and PGlite both fit. */
export type Exec = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Share of members per country (the demo seed's weights): US, NL, DE, GB large; NZ, Nordics small. */
export const COUNTRY_WEIGHTS: Record<CountryCode, number> = {
  US: 16,
  NL: 15,
  DE: 15,
  GB: 13,
  FR: 10,
  BE: 4,
  IT: 4,
  ES: 4,
  AT: 3,
  CA: 3,
  PL: 3,
  AU: 3,
  CH: 2.5,
  IE: 2,
  SE: 2,
  NZ: 1.5,
  DK: 1.5,
  FI: 1.5,
  NO: 1.5,
};
const AGE_BANDS: Array<[number, number, number]> = [
  [18, 24, 14],
  [25, 34, 24],
  [35, 44, 22],
  [45, 54, 18],
  [55, 64, 13],
  [65, 75, 9],
];
const FEMALE_SHARE = 0.52;
const NO_REGION_SHARE = 0.02;
const FICTIONAL_SHARE = 0.1;
/** Every PHOTO_EVERY-th member has a main photo (10 %). */
const PHOTO_EVERY = 10;
const ACTIVE_DAYS = 60;
const COUNTRY_SLOTS = 1000;
const AGE_SLOTS = 1000;
const REGION_SLOTS = 400;
const NAMES = {
  female: [
    'Anna',
    'Emma',
    'Sophie',
    'Julia',
    'Laura',
    'Marie',
    'Lisa',
    'Sarah',
    'Eva',
    'Lena',
    'Chloe',
    'Olivia',
    'Mia',
    'Nora',
    'Ida',
    'Elena',
    'Giulia',
    'Lucia',
    'Zofia',
    'Freya',
  ],
  male: [
    'Lucas',
    'Daan',
    'Max',
    'Paul',
    'Jan',
    'Tom',
    'Noah',
    'Liam',
    'Oliver',
    'Felix',
    'Leon',
    'Hugo',
    'Marco',
    'Pablo',
    'Jakub',
    'Erik',
    'Lars',
    'Mikko',
    'Sean',
    'Jack',
  ],
};

// -------------------------------------------------------------------------------------------
// Seeded randomness (mulberry32): the same seed gives the same requests on every machine.

export type Rng = () => number;

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weightedPick<T>(rng: Rng, entries: Array<[T, number]>): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng() * total;
  for (const [value, weight] of entries) {
    if (roll < weight) return value;
    roll -= weight;
  }
  return entries[entries.length - 1][0];
}

/**
 * Exactly `size` slots shared out by weight (slot i holds the value whose share of the
 * cumulative weight covers (i + ½) / size): drawing a uniform slot is drawing by weight, in SQL
 * as a join on a random slot number.
 */
function slots<T>(entries: Array<[T, number]>, size: number): T[] {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  const result: T[] = [];
  let index = 0;
  let covered = entries[0][1];
  for (let slot = 0; slot < size; slot++) {
    const point = ((slot + 0.5) / size) * total;
    while (point > covered && index < entries.length - 1) covered += entries[++index][1];
    result.push(entries[index][0]);
  }
  return result;
}

/**
 * Regions of a country with Zipf-like weights (a few big ones, a long tail), the order shuffled
 * with a fixed seed so the table's alphabetical order does not decide which region is big.
 */
function regionWeights(country: CountryCode): Array<[string, number]> {
  const codes = Object.keys(REGION_NAMES[country]).sort();
  const rng = createRng(hashString(country));
  for (let i = codes.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [codes[i], codes[j]] = [codes[j], codes[i]];
  }
  return codes.map((code, rank) => [code, 1 / (rank + 1) ** 0.8]);
}

function hashString(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

const countryEntries = (): Array<[CountryCode, number]> => COUNTRY_CODES.map((code) => [code, COUNTRY_WEIGHTS[code]]);

// -------------------------------------------------------------------------------------------
// The site

export const BENCH_SITE_DOMAIN = 'search-bench.localhost';

/** The demo brand (niche 1, all 19 countries), open to logged-out search. */
export function benchSiteRow(): NewSiteRow {
  return { ...buildDemoSites(BENCH_SITE_DOMAIN)[0], loggedOutSearch: 'all' };
}

// -------------------------------------------------------------------------------------------
// The members

export interface LoadStep {
  step: string;
  seconds: number;
}

type ArrayElement = string | number | null;

/** A Postgres array literal, sent as one text parameter (PGlite and node-postgres read it alike). */
export function arrayLiteral(values: ArrayElement[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : typeof value === 'number' ? String(value) : `"${value.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * Loads `count` active, visible members (users, profiles, a main photo for every tenth, a city
 * of their region as their place: search-places.ts) for `siteId`, generated by the database
 * itself. `setseed` makes the data the same on every run.
 * Secondary indexes of the three tables are dropped first and rebuilt after (faster than
 * maintaining them row by row); the triggers of migration 0002 derive `visible` and
 * `last_active_at` exactly as in production. Ends with VACUUM ANALYZE. Needs one session
 * (`exec` must not hop between pooled connections).
 */
export async function loadMembers(
  exec: Exec,
  options: { siteId: number; count: number; seed?: number; onStep?: (step: LoadStep) => void },
): Promise<LoadStep[]> {
  const { siteId, count } = options;
  const steps: LoadStep[] = [];
  const timed = async (step: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    const done = { step, seconds: (performance.now() - started) / 1000 };
    steps.push(done);
    options.onStep?.(done);
  };

  // Weighted draws become joins on a random slot number: a text[] parameter indexed per row
  // would be parsed again for every row (≈ 0.4 ms each on PostgreSQL 15).
  const picks: Array<[kind: string, key: string, slot: number, value: string]> = [];
  slots(countryEntries(), COUNTRY_SLOTS).forEach((code, slot) => picks.push(['country', '', slot, code]));
  const ages = AGE_BANDS.flatMap(([from, to, weight]) =>
    Array.from({ length: to - from + 1 }, (_, i): [number, number] => [from + i, weight / (to - from + 1)]),
  );
  slots(ages, AGE_SLOTS).forEach((age, slot) => picks.push(['age', '', slot, String(age)]));
  for (const code of COUNTRY_CODES) slots(regionWeights(code), REGION_SLOTS).forEach((region, slot) => picks.push(['region', code, slot, region]));
  for (const gender of ['female', 'male'] as const) NAMES[gender].forEach((name, slot) => picks.push(['name', gender, slot, name]));

  const { rows: indexRows } = await exec(
    `select indexname as name, indexdef as def from pg_indexes
      where schemaname = 'public' and tablename in ('users', 'profiles', 'photos')
        and indexname not in (select conname from pg_constraint where contype in ('p', 'u', 'x'))`,
  );
  const indexes = indexRows as Array<{ name: string; def: string }>;

  await timed(`drop ${indexes.length} secondary indexes`, async () => {
    for (const index of indexes) await exec(`drop index "${index.name}"`);
  });
  await exec(`select setseed($1)`, [((options.seed ?? 20261122) % 1000) / 1000]);
  await timed(`users (${count.toLocaleString('en')})`, () =>
    exec(
      `insert into users (id, site_id, email, password_hash, status, language, is_fictional, created_at, last_active_at)
       overriding system value
       select g, $1::int, 'bench' || g || '@search-bench.example', 'bench-no-login', 'active', 'en', r_fict < $3::float8,
              now() - created_ago, now() - case when r_recent < 0.4 then least(interval '1 day', created_ago) else created_ago end * r_idle
       from (select g, random() as r_fict, random() * $4::int * interval '1 day' as created_ago, random() as r_recent, random() as r_idle
             from generate_series(1, $2::int) g offset 0) d`,
      [siteId, count, FICTIONAL_SHARE, ACTIVE_DAYS],
    ),
  );
  await timed(`photos (${Math.floor((count + PHOTO_EVERY - 1) / PHOTO_EVERY).toLocaleString('en')})`, () =>
    exec(
      `insert into photos (id, user_id, filename, thumb_filename, status, position, created_at)
       overriding system value
       select (g - 1) / $2::int + 1, g, 'bench-' || g || '.webp', 'bench-' || g || '-thumb.webp', 'active', 0, now()
       from generate_series(1, $1::int, $2::int) g`,
      [count, PHOTO_EVERY],
    ),
  );
  await exec(`create temporary table bench_pick (kind text, key text, slot int, value text, primary key (kind, key, slot))`);
  await exec(`insert into bench_pick select * from unnest($1::text::text[], $2::text::text[], $3::text::int[], $4::text::text[])`, [
    arrayLiteral(picks.map((p) => p[0])),
    arrayLiteral(picks.map((p) => p[1])),
    arrayLiteral(picks.map((p) => p[2])),
    arrayLiteral(picks.map((p) => p[3])),
  ]);
  await exec(`analyze bench_pick`);
  await timed('cities', () => createCityTable(exec));
  await timed(`profiles (${count.toLocaleString('en')})`, () =>
    exec(
      `insert into profiles (id, name, gender, seeking, date_of_birth, country, region, city, latitude, longitude, interests, about, niches, status, main_photo_id)
       select d.g, name.value, d.gender, case d.gender when 'female' then 'male' else 'female' end,
              (current_date - make_interval(years => age.value::int) - (1 + d.day_slot) * interval '1 day')::date,
              country.value, region.value, coalesce(city.name, region.value), city.latitude, city.longitude, '[]'::jsonb, '', '{}'::smallint[], 'active',
              case when (d.g - 1) % $3::int = 0 then (d.g - 1) / $3::int + 1 end
       from (select g, case when random() < $2::float8 then 'female' else 'male' end as gender,
                    floor(random() * ${NAMES.female.length})::int as name_slot, floor(random() * 363)::int as day_slot,
                    floor(random() * ${COUNTRY_SLOTS})::int as country_slot, floor(random() * ${AGE_SLOTS})::int as age_slot,
                    floor((random() - $4::float8) / (1 - $4::float8) * ${REGION_SLOTS})::int as region_slot,
                    floor(random() * ${CITY_SLOTS})::int as city_slot
             from generate_series(1, $1::int) g offset 0) d
       join bench_pick country on country.kind = 'country' and country.key = '' and country.slot = d.country_slot
       join bench_pick age on age.kind = 'age' and age.key = '' and age.slot = d.age_slot
       join bench_pick name on name.kind = 'name' and name.key = d.gender and name.slot = d.name_slot
       -- a negative slot (${NO_REGION_SHARE * 100} % of members) finds no region: region null
       left join bench_pick region on region.kind = 'region' and region.key = country.value and region.slot = d.region_slot
       -- members with a region live in one of its cities (search-places.ts); without one, nowhere
       left join bench_city city on city.country = country.value and city.region = region.value and city.slot = d.city_slot
       order by d.g`,
      [count, FEMALE_SHARE, PHOTO_EVERY, NO_REGION_SHARE],
    ),
  );
  await exec(`drop table bench_pick`);
  await exec(`drop table bench_city`);
  await exec(`select setval(pg_get_serial_sequence('users', 'id'), $1::int)`, [count]);
  await exec(`select setval(pg_get_serial_sequence('photos', 'id'), $1::int)`, [Math.max(1, Math.ceil(count / PHOTO_EVERY))]);
  await timed(`rebuild ${indexes.length} indexes`, async () => {
    for (const index of indexes) await exec(index.def);
  });
  await timed('vacuum analyze', () => exec('vacuum (analyze) users, profiles, photos'));
  return steps;
}

/** What was loaded, checked: members per gender, visible ones, photos, countries and regions. */
export async function describeData(exec: Exec): Promise<string> {
  const { rows } = await exec(
    `select count(*)::int as profiles, count(*) filter (where visible)::int as visible,
            count(*) filter (where gender = 'female')::int as female, count(main_photo_id)::int as with_photo,
            count(distinct country)::int as countries, count(distinct (country, region))::int as regions,
            count(latitude)::int as placed, count(distinct (latitude, longitude))::int as places,
            min(date_part('year', age(date_of_birth)))::int as min_age, max(date_part('year', age(date_of_birth)))::int as max_age,
            round(extract(epoch from max(last_active_at) - min(last_active_at)) / 86400)::int as active_days
       from profiles`,
  );
  const r = rows[0] as Record<string, number>;
  const pct = (part: number) => `${((100 * part) / Math.max(1, r.profiles)).toFixed(1)} %`;
  return (
    `${r.profiles.toLocaleString('en')} profiles, ${pct(r.visible)} visible, ${pct(r.female)} female, ${pct(r.with_photo)} with a main photo; ` +
    `${r.countries} countries, ${r.regions} country/region pairs, ${pct(r.placed)} with a place (${r.places.toLocaleString('en')} distinct cities), ages ${r.min_age}–${r.max_age}, last active over ${r.active_days} days`
  );
}

// -------------------------------------------------------------------------------------------
// The requests

export interface SearchRequest {
  /** Path and query string of `GET /api/members.php`. */
  path: string;
  /** The same parameters as the route's query object (strings, as Fastify hands them over). */
  query: Record<string, string>;
  /** A signed-in search: the member searching, their country and their session cookie. */
  member?: { id: number; country: string; cookie: string };
}

/**
 * `count` logged-out searches like the search form sends them: a country (weighted like the
 * members), a gender, a region in ~40 %, an age range in ~60 % (sometimes only one bound),
 * page 1 mostly, 2 or 3 in ~15 %.
 */
export function buildRequestMix(count: number, seed = 4242): SearchRequest[] {
  const rng = createRng(seed);
  const requests: SearchRequest[] = [];
  for (let i = 0; i < count; i++) {
    const country = weightedPick(rng, countryEntries());
    const query: Record<string, string> = { gender: rng() < FEMALE_SHARE + 0.1 ? 'female' : 'male', country };
    if (rng() < 0.4) query.countryregion = weightedPick(rng, regionWeights(country));
    rollAgesAndPage(rng, query);
    requests.push({ path: `/api/members.php?${new URLSearchParams(query).toString()}`, query });
  }
  return requests;
}

/** A short description of a request for tables: `NL f r=07 25–35 p1`; a member's: `NL→NL f ≤50 p1`. */
export function describeRequest(request: SearchRequest): string {
  const q = request.query;
  const ages = q.min_age || q.max_age ? ` ${q.min_age ?? ''}–${q.max_age ?? ''}` : '';
  const where = request.member ? `${request.member.country}→${q.country ?? 'any'}` : q.country;
  const gender = q.gender ? ` ${q.gender === 'female' ? 'f' : 'm'}` : '';
  return `${where}${gender}${q.countryregion ? ` r=${q.countryregion}` : ''}${q.radius ? ` ≤${q.radius}` : ''}${ages} p${q.page}`;
}

/**
 * The age bounds and page of a seeded search, as members set them: ages in 60 % (both bounds,
 * or one), page 1 in 85 %, 2 in 10 %, 3 in 5 %.
 */
export function rollAgesAndPage(rng: () => number, query: Record<string, string>): void {
  const ages = rng();
  if (ages < 0.6) {
    const min = 18 + Math.floor(rng() * 43);
    const max = Math.min(75, min + 5 + Math.floor(rng() * 16));
    if (ages < 0.45) Object.assign(query, { min_age: String(min), max_age: String(max) });
    else if (ages < 0.53) query.min_age = String(min);
    else query.max_age = String(max);
  }
  const pageRoll = rng();
  query.page = pageRoll < 0.85 ? '1' : pageRoll < 0.95 ? '2' : '3';
}

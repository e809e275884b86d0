/** Who the demo members are: one seeded draw per member of name, place, age, looks and niches. */
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../contract/countries';
import { BODY_TYPES, EYE_COLOURS, HAIR_COLOURS, INTERESTS, NICHES, RELATIONSHIP_STATUSES, SEXUALITIES, TATTOOS } from '../../contract/profile-options';
import type { City, GeoService } from '../adapters/geo/geo.port';
import type { profiles } from '../db/schema/index';
import { ABOUT, pickSpeech, type Speech } from './demo-speech';
import { weightedTable, type Random, type WeightedTable } from './seeded-random';

export interface DemoPhoto {
  filename: string;
  thumbFilename: string;
}

/** What a seed chooses; `visible` and `last_active_at` are derived from the account by triggers. */
type ProfileFields = Required<Omit<typeof profiles.$inferInsert, 'id' | 'status' | 'mainPhotoId' | 'visible' | 'lastActiveAt'>>;

export interface DemoMember {
  no: number;
  email: string;
  language: string;
  isFictional: boolean;
  createdAt: Date;
  lastActiveAt: Date;
  profile: ProfileFields & { gender: Gender; hairColour: HairColour; age: number };
  photos: DemoPhoto[];
}

export type Gender = 'male' | 'female';
export type HairColour = (typeof HAIR_COLOURS)[number];

const DAY_MS = 86_400_000;
const COUNTRY_WEIGHTS = weightedTable<CountryCode>([
  ['US', 16],
  ['NL', 15],
  ['DE', 15],
  ['GB', 13],
  ['FR', 10],
  ['BE', 4],
  ['IT', 4],
  ['ES', 4],
  ['AT', 3],
  ['CA', 3],
  ['PL', 3],
  ['AU', 3],
  ['CH', 2.5],
  ['IE', 2],
  ['SE', 2],
  ['NZ', 1.5],
  ['DK', 1.5],
  ['FI', 1.5],
  ['NO', 1.5],
]);
const AGE_BANDS = weightedTable<[number, number]>([
  [[18, 24], 14],
  [[25, 34], 24],
  [[35, 44], 22],
  [[45, 54], 18],
  [[55, 64], 13],
  [[65, 75], 9],
]);
const NICHE_NO = Object.fromEntries(Object.entries(NICHES).map(([no, name]) => [name, Number(no)])) as Record<(typeof NICHES)[keyof typeof NICHES], number>;

/** Whom they look for, and how they describe themselves. */
const ORIENTATIONS = {
  female: weightedTable<[Gender | 'both', (typeof SEXUALITIES)[number][]]>([
    [['male', ['hetero', 'hetero', 'hetero', 'hetero', 'hetero', 'hetero', 'curious', 'bi']], 82],
    [['female', ['gay', 'gay', 'gay', 'bi']], 10],
    [['both', ['bi', 'bi', 'bi', 'curious']], 8],
  ]),
  male: weightedTable<[Gender | 'both', (typeof SEXUALITIES)[number][]]>([
    [['female', ['hetero', 'hetero', 'hetero', 'hetero', 'hetero', 'hetero', 'hetero', 'curious', 'bi']], 85],
    [['male', ['gay', 'gay', 'gay', 'gay', 'bi']], 10],
    [['both', ['bi']], 5],
  ]),
};
const BODY = {
  female: weightedTable<(typeof BODY_TYPES)[number]>([
    ['slim', 22],
    ['average', 32],
    ['athletic', 14],
    ['curvy', 20],
    ['large', 12],
  ]),
  male: weightedTable<(typeof BODY_TYPES)[number]>([
    ['slim', 18],
    ['average', 38],
    ['athletic', 26],
    ['curvy', 2],
    ['large', 16],
  ]),
};
const EYES = weightedTable<(typeof EYE_COLOURS)[number]>([
  ['blue', 30],
  ['brown', 35],
  ['green', 14],
  ['grey', 8],
  ['hazel', 13],
]);

export function createMemberFactory(deps: { random: Random; geo: GeoService; now: Date }) {
  const { random, now } = deps;
  const cities = new Map<CountryCode, WeightedTable<City>>();
  const names = new Map<Speech, Record<Gender, string[]>>();
  // The first members of a run visit every country once, so even a small demo covers them all.
  const firstCountries = random.shuffle([...COUNTRY_CODES]);

  const citiesOf = (country: CountryCode) => {
    let table = cities.get(country);
    if (!table) {
      const known = deps.geo.listCities(country).filter((city) => city.region !== null);
      table = weightedTable(known.map((city) => [city, city.population]));
      cities.set(country, table);
    }
    return table;
  };
  const namesOf = (speech: Speech, gender: Gender) => {
    let lists = names.get(speech);
    if (!lists) {
      const merge = (sex: Gender) => [...new Set(speech.fakers.flatMap((f) => f.rawDefinitions.person?.first_name?.[sex] ?? []))];
      lists = { female: merge('female'), male: merge('male') };
      names.set(speech, lists);
    }
    return lists[gender];
  };

  return (no: number, indexInRun: number): DemoMember => {
    const gender: Gender = random.chance(0.55) ? 'female' : 'male';
    const country = indexInRun < firstCountries.length ? firstCountries[indexInRun] : random.weighted(COUNTRY_WEIGHTS);
    const speech = pickSpeech(random, country);
    const language = speech.language ?? COUNTRIES[country].language;
    const [minAge, maxAge] = random.weighted(AGE_BANDS);
    const age = random.int(minAge, maxAge);
    const [seeking, sexualities] = random.weighted(ORIENTATIONS[gender]);
    const city = citiesOf(country).values.length ? random.weighted(citiesOf(country)) : null;
    const bodyType = random.weighted(BODY[gender]);
    const createdAt = new Date(now.getTime() - random.next() * 60 * DAY_MS);
    const sinceCreated = now.getTime() - createdAt.getTime();
    // Dating sites are busy: four in ten were online within the last day.
    const idle = random.chance(0.4) ? random.next() * Math.min(DAY_MS, sinceCreated) : random.next() * sinceCreated;
    const profile = {
      name: random.pick(namesOf(speech, gender)),
      gender,
      seeking,
      age,
      dateOfBirth: birthDateForAge(now, age, random.next()),
      country,
      region: city?.region ?? null,
      city: city?.name ?? null,
      latitude: city?.latitude ?? null,
      longitude: city?.longitude ?? null,
      sexuality: random.pick(sexualities),
      relationshipStatus: pickRelationshipStatus(random, age),
      hairColour: pickHairColour(random, gender, age),
      eyeColour: random.weighted(EYES),
      bodyType,
      tattoos: pickTattoos(random, age),
      interests: random.sample(INTERESTS, random.int(3, 8)),
      about: random.sample(ABOUT[language] ?? ABOUT.en, 2).join(' '),
      niches: [] as number[],
    };
    profile.niches = nichesFor(profile, random.chance(0.05));
    return {
      no,
      email: `demo${no}@rendezvous.example`,
      language,
      isFictional: random.chance(0.1),
      createdAt,
      lastActiveAt: new Date(now.getTime() - idle),
      profile,
      photos: [],
    };
  };
}

/** Every profile fits niche 1; these are the others it fits (spec §1). */
function nichesFor(p: { gender: Gender; seeking: string; age: number; bodyType: string }, likesBdsm: boolean): number[] {
  const niches: number[] = [];
  if (p.gender === 'female' && p.seeking === 'female') niches.push(NICHE_NO.she);
  if (likesBdsm) niches.push(NICHE_NO.bdsm);
  if (p.bodyType === 'large') niches.push(NICHE_NO.bbw);
  if (p.gender === 'female' && p.age >= 60) niches.push(NICHE_NO.gilf);
  if (p.gender === 'female' && p.age >= 40) niches.push(NICHE_NO.milf);
  if (p.gender === 'male' && p.seeking === 'male') niches.push(NICHE_NO.gay);
  return niches;
}

// Details that depend on age: one table per age band, built once.
const RELATIONSHIP_BANDS = [18, 30, 55].map((from) =>
  weightedTable<(typeof RELATIONSHIP_STATUSES)[number]>([
    ['single', 50],
    ['divorced', from >= 30 ? 18 : 2],
    ['relationship', 7],
    ['married', 8],
    ['widowed', from >= 55 ? 8 : 0],
    ['open', 7],
  ]),
);
const HAIR_BANDS = [18, 40, 45, 60].map((from) => {
  const grey = from >= 60 ? 35 : from >= 45 ? 10 : 1;
  return {
    female: weightedTable<HairColour>([
      ['blond', 24],
      ['brown', 38],
      ['black', 18],
      ['red', 9],
      ['grey', grey],
      ['other', 5],
    ]),
    male: weightedTable<HairColour>([
      ['blond', 18],
      ['brown', 36],
      ['black', 20],
      ['red', 5],
      ['grey', grey],
      ['bald', from >= 40 ? 12 : 3],
      ['other', 2],
    ]),
  };
});
const TATTOO_BANDS = [
  weightedTable<(typeof TATTOOS)[number]>([
    ['none', 40],
    ['one', 22],
    ['some', 26],
    ['many', 12],
  ]),
  weightedTable<(typeof TATTOOS)[number]>([
    ['none', 60],
    ['one', 18],
    ['some', 16],
    ['many', 6],
  ]),
];

function pickRelationshipStatus(random: Random, age: number) {
  return random.weighted(RELATIONSHIP_BANDS[age >= 55 ? 2 : age >= 30 ? 1 : 0]);
}

function pickHairColour(random: Random, gender: Gender, age: number): HairColour {
  return random.weighted(HAIR_BANDS[age >= 60 ? 3 : age >= 45 ? 2 : age >= 40 ? 1 : 0][gender]);
}

function pickTattoos(random: Random, age: number) {
  return random.weighted(TATTOO_BANDS[age < 35 ? 0 : 1]);
}

/**
 * A date of birth ('YYYY-MM-DD') of someone exactly `age` today; `fraction` picks the day. A day
 * of margin at both ends keeps the age right in every time zone and on 29 February.
 */
export function birthDateForAge(now: Date, age: number, fraction: number): string {
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  const dayIn = (year: number) => Math.min(Date.UTC(year, m, d), Date.UTC(year, m + 1, 0));
  const latest = dayIn(y - age) - DAY_MS;
  const earliest = dayIn(y - age - 1) + 2 * DAY_MS;
  const days = Math.floor(fraction * ((latest - earliest) / DAY_MS + 1));
  return new Date(earliest + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Countries the platform serves (spec §9's per-country locale map), each with the word its
 * members use for a first-level region. The word is a translation key: `regions.word.<word>`.
 */
export const REGION_WORDS = ['state', 'province', 'region', 'canton', 'county'] as const;
export type RegionWord = (typeof REGION_WORDS)[number];

export const COUNTRIES = {
  US: { regionWord: 'state', language: 'en' },
  NL: { regionWord: 'province', language: 'nl' },
  BE: { regionWord: 'province', language: 'nl' },
  FR: { regionWord: 'region', language: 'fr' },
  IT: { regionWord: 'region', language: 'it' },
  ES: { regionWord: 'region', language: 'es' },
  DE: { regionWord: 'state', language: 'de' },
  AT: { regionWord: 'state', language: 'de' },
  IE: { regionWord: 'county', language: 'en' },
  GB: { regionWord: 'region', language: 'en' },
  CA: { regionWord: 'province', language: 'en' },
  PL: { regionWord: 'province', language: 'pl' },
  AU: { regionWord: 'state', language: 'en' },
  NZ: { regionWord: 'region', language: 'en' },
  CH: { regionWord: 'canton', language: 'de' },
  DK: { regionWord: 'region', language: 'da' },
  FI: { regionWord: 'region', language: 'fi' },
  NO: { regionWord: 'county', language: 'nb' },
  SE: { regionWord: 'county', language: 'sv' },
} as const satisfies Record<string, { regionWord: RegionWord; language: string }>;

export type CountryCode = keyof typeof COUNTRIES;
export const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];

export function isCountryCode(value: string | null | undefined): value is CountryCode {
  return !!value && Object.hasOwn(COUNTRIES, value);
}

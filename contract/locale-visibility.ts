import { SUPPORTED_LANGUAGES, type Language } from './locales';

/**
 * Spec §9's per-country locale visibility map: which languages the language menu offers a
 * visitor from each country — the country's own languages (official ones, Swedish in Finland,
 * Spanish in the US) and English everywhere. It only trims the menu: every language stays
 * reachable by URL and cookie, and the language in use is always offered.
 */
export const LOCALE_VISIBILITY: Readonly<Record<string, readonly Language[]>> = {
  US: ['en', 'es'],
  NL: ['nl', 'en'],
  BE: ['nl', 'fr', 'de', 'en'],
  FR: ['fr', 'en'],
  IT: ['it', 'en'],
  ES: ['es', 'en'],
  DE: ['de', 'en'],
  AT: ['de', 'en'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl', 'en'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'fr', 'it', 'en'],
  DK: ['da', 'en'],
  FI: ['fi', 'sv', 'en'],
  NO: ['nb', 'en'],
  SE: ['sv', 'en'],
};

/**
 * The languages the menu offers, in the interface's usual order: the map's languages for a
 * known country (plus the current language if the map leaves it out), all of them otherwise.
 */
export function visibleLanguages(country: string | null | undefined, current: Language): Language[] {
  const listed = country ? LOCALE_VISIBILITY[country.toUpperCase()] : undefined;
  if (!listed) return [...SUPPORTED_LANGUAGES];
  return SUPPORTED_LANGUAGES.filter((language) => listed.includes(language) || language === current);
}

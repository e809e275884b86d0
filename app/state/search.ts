import type { PartnerCard } from '../../contract/partner-cards';
import type { ProfileCard } from '../../contract/profiles';

export interface SearchFilters {
  gender: '' | 'male' | 'female';
  country: string;
  countryregion: string;
  min_age: string;
  max_age: string;
  /** A member's radius in their own unit (km, or miles in the US and GB); '' is any distance. */
  radius: string;
}

/**
 * The results a search page shows (spec §3): its pages accumulate as "load more" asks for them,
 * and a new search starts over. The page keeps them in its own React state, not in a store: a
 * store's update re-renders synchronously, and the whole card grid rendered again in one task
 * after hydration was most of `/members`' blocking time on a phone (issue 19).
 */
export interface SearchResults {
  pages: { pageNumber: number; results: ProfileCard[] }[];
  similarResults: ProfileCard[];
  /** The site's partner offers placed among the results (the first page brings them). */
  partnerCards: PartnerCard[];
}

/** One page of a search's answer, as the API and the page's loader give it. */
export interface SearchPage {
  results: ProfileCard[];
  similar_results?: ProfileCard[];
  partner_cards?: PartnerCard[];
}

/** A search's results with only its first page. */
export function firstPageOf(page: SearchPage): SearchResults {
  return withPage({ pages: [], similarResults: [], partnerCards: [] }, 1, page);
}

/** The results with one page added, or replaced when it was there already; a first page brings its similar results and partner offers. */
export function withPage(current: SearchResults, pageNumber: number, page: SearchPage): SearchResults {
  return {
    pages: [...current.pages.filter((known) => known.pageNumber !== pageNumber), { pageNumber, results: page.results }].sort(
      (a, b) => a.pageNumber - b.pageNumber,
    ),
    similarResults: pageNumber === 1 ? (page.similar_results ?? []) : current.similarResults,
    partnerCards: pageNumber === 1 ? (page.partner_cards ?? []) : current.partnerCards,
  };
}

export function toQuery(filters: SearchFilters, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** The gender a member's search starts with: the one their profile is looking for (none for 'both' and for visitors). */
export function defaultGender(seeking: string | undefined): SearchFilters['gender'] {
  return seeking === 'male' || seeking === 'female' ? seeking : '';
}

/**
 * A search page's address query as the search runs it: without a gender in the address the
 * member's default gender applies, and `gender=any` (chosen on purpose) searches every gender.
 */
export function withDefaultGender(query: Record<string, string>, fallback: SearchFilters['gender']): Record<string, string> {
  const { gender, ...rest } = query;
  if (gender === undefined) return fallback ? { ...rest, gender: fallback } : rest;
  return gender === 'any' ? rest : query;
}

/** The search page's address for these filters: "any gender" is written out when it is not the default. */
export function toPageQuery(filters: SearchFilters, fallback: SearchFilters['gender']): string {
  const query = toQuery(filters, 1);
  return !filters.gender && fallback ? ['gender=any', query].filter(Boolean).join('&') : query;
}

/**
 * An empty search made wider, one step at a time, from the narrowest filter: the region goes
 * first, then the age range, then the country, then the gender. Null when nothing is left to
 * widen (then the site simply has no one to show yet).
 */
export function widenFilters(filters: SearchFilters): SearchFilters | null {
  if (filters.countryregion) return { ...filters, countryregion: '' };
  if (filters.min_age || filters.max_age) return { ...filters, min_age: '', max_age: '' };
  if (filters.country) return { ...filters, country: '', countryregion: '' };
  if (filters.gender) return { ...filters, gender: '' };
  return null;
}

import { create } from 'zustand';
import type { ProfileCard } from '../../contract/profiles';

export interface SearchFilters {
  gender: '' | 'male' | 'female';
  country: string;
  countryregion: string;
  min_age: string;
  max_age: string;
}

interface SearchState {
  filters: SearchFilters;
  /** Spec §3: results accumulate per page and can be cleared. */
  pages: { pageNumber: number; results: ProfileCard[] }[];
  numResults: number;
  similarResults: ProfileCard[];
  similarNumResults: number;
  didInit: boolean;
  setFilters(filters: SearchFilters): void;
  addPage(pageNumber: number, results: ProfileCard[], numResults: number, similar?: { results: ProfileCard[]; numResults: number }): void;
  clear(): void;
}

export const useSearch = create<SearchState>((set) => ({
  filters: { gender: '', country: '', countryregion: '', min_age: '', max_age: '' },
  pages: [],
  numResults: 0,
  similarResults: [],
  similarNumResults: 0,
  didInit: false,
  setFilters: (filters) => set({ filters }),
  addPage: (pageNumber, results, numResults, similar) =>
    set((state) => ({
      pages: [...state.pages.filter((page) => page.pageNumber !== pageNumber), { pageNumber, results }].sort((a, b) => a.pageNumber - b.pageNumber),
      numResults,
      similarResults: similar?.results ?? (pageNumber === 1 ? [] : state.similarResults),
      similarNumResults: similar?.numResults ?? (pageNumber === 1 ? 0 : state.similarNumResults),
      didInit: true,
    })),
  clear: () => set({ pages: [], numResults: 0, similarResults: [], similarNumResults: 0, didInit: false }),
}));

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

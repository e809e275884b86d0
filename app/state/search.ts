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

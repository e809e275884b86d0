import { useCallback, useMemo } from 'react';
import { useMatches } from 'react-router';
import { useRootData } from '../root';
import { regionName } from './region-names';

/**
 * A country's name in the page's language: from the `countryNames` a loader of the page put in
 * its data (the search page names the site's countries, see region-names.ts), else from the
 * browser's own tables, which a phone loads the first time at a cost of ~140 ms of Lighthouse's
 * mobile CPU (issue 19).
 */
export function useCountryName(): (code: string) => string {
  const { language } = useRootData();
  const matches = useMatches();
  const named = useMemo(() => Object.assign({}, ...matches.map((match) => (match.data as { countryNames?: Record<string, string> } | undefined)?.countryNames)) as Record<string, string>, [matches]);
  return useCallback((code: string) => named[code] ?? regionName(language, code), [language, named]);
}

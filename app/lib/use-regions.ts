import { useEffect, useState } from 'react';
import { useTranslation } from './use-translation';
import type { RegionList } from '../../contract/site';
import { api } from './api-client';
import { createOnceCache } from './load-once';

/**
 * Each country's regions once per tab (spec §7), by language: the region word is translated.
 * Going back to a country already shown (sign-up, search, profile) asks the server nothing.
 */
const regionLists = createOnceCache((key: string) => api<RegionList>(`regions.php?country=${key.split(':')[1]}`));

/** A country's regions and its region word, loaded the first time the country is chosen. */
export function useRegions(country: string): RegionList | null {
  const { i18n } = useTranslation();
  const key = `${i18n.language}:${country}`;
  const [regions, setRegions] = useState<RegionList | null>(() => (country ? (regionLists.peek(key) ?? null) : null));
  useEffect(() => {
    if (!country) {
      setRegions(null);
      return;
    }
    let current = true;
    const known = regionLists.peek(key);
    if (known) setRegions(known);
    else
      regionLists.load(key).then(
        (list) => current && setRegions(list),
        () => current && setRegions(null),
      );
    return () => {
      current = false;
    };
  }, [country, key]);
  return regions?.country === country ? regions : null;
}

import { useEffect, useState } from 'react';
import type { RegionList } from '../../contract/site';
import { api } from './api-client';

/** A country's regions and its region word, loaded when the country changes. */
export function useRegions(country: string): RegionList | null {
  const [regions, setRegions] = useState<RegionList | null>(null);
  useEffect(() => {
    if (!country) {
      setRegions(null);
      return;
    }
    let current = true;
    api<RegionList>(`regions.php?country=${country}`).then(
      (list) => current && setRegions(list),
      () => current && setRegions(null),
    );
    return () => {
      current = false;
    };
  }, [country]);
  return regions?.country === country ? regions : null;
}

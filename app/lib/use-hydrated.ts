import { useEffect, useState } from 'react';

/**
 * False in the server's render and the hydration pass, true from the first effect on: for
 * parts that only work with scripts anyway and need not weigh on the HTML (issue 20).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

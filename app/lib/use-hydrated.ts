import { startTransition, useEffect, useState } from 'react';

/**
 * False in the server's render and the hydration pass, true from the first effect on: for
 * parts that only work with scripts anyway and need not weigh on the HTML (issue 20). The
 * switch is a transition, so what it adds is drawn in slices that leave the phone responsive
 * rather than in one task right after hydration (issue 19).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

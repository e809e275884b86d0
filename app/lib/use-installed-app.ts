import { useEffect, useState } from 'react';

const STANDALONE_QUERY = '(display-mode: standalone)';

/**
 * Whether the page runs as the installed app: the standalone display mode, or iOS's home-screen
 * flag (Safari before 17 never matches the media query there).
 */
export function isInstalledApp(view: { matchMedia?: (query: string) => { matches: boolean } }, nav: { standalone?: boolean }): boolean {
  return view.matchMedia?.(STANDALONE_QUERY).matches === true || nav.standalone === true;
}

/** True when the site runs as an installed app (standalone display mode); false during SSR. */
export function useInstalledApp(): boolean {
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(STANDALONE_QUERY);
    const update = () => setInstalled(isInstalledApp(window, navigator as { standalone?: boolean }));
    update();
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, []);
  return installed;
}

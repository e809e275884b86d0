import { useEffect, useState } from 'react';

/** True when the site runs as an installed app (standalone display mode); false during SSR. */
export function useInstalledApp(): boolean {
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(display-mode: standalone)');
    const update = () => setInstalled(query.matches || (navigator as { standalone?: boolean }).standalone === true);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return installed;
}

import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

/**
 * Reloads the page's data every `ms` while the tab is visible: the hosts' inbox and an open
 * conversation show new member messages without a reload (staff have no member socket).
 */
export function usePolling(ms: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') void revalidator.revalidate();
    }, ms);
    return () => clearInterval(timer);
  }, [ms, revalidator]);
}

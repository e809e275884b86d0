import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { readTracking } from '../../lib/tracking';

/**
 * Remembers the traffic source a campaign visitor arrived with (network, ref, sub1–3) as soon
 * as the lander shows, not only when the sign-up starts: a visitor who first follows a footer
 * link or the brand bar still signs up with the campaign that brought them.
 */
export function useKeepTracking(): void {
  const { search } = useLocation();
  useEffect(() => {
    readTracking(search);
  }, [search]);
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { readTracking, type Tracking } from '../../lib/tracking';

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

/** The tracking parameters of a lander's address as a query string, for the sign-up page without JavaScript. */
export function trackingQuery(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ['network', 'ref', 'sub1', 'sub2', 'sub3'] satisfies (keyof Tracking)[]) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

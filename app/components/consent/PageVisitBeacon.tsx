import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { PageVisitBeacon as Beacon } from '../../../contract/page-visits';

interface PageView {
  path: string;
  /** Visible milliseconds before the current visible stretch. */
  ms: number;
  /** When the current visible stretch began, or null while hidden. */
  visibleSince: number | null;
  /** Opened with `?lb` as the first page of the visit (spec §4 bounce logging). */
  lb: boolean;
}

/**
 * Spec §7: `POST /api/page-hidden.php` as a beacon when the page becomes hidden, telling which
 * page it was and how long it was on screen; a page view also ends when the visitor goes to
 * another page. With `?lb` on the page the visit began on, that view's beacon says whether the
 * visitor left from it (hidden before any other page view); the server keeps ids only with
 * statistics consent and counts a signed-in visitor (a sign-up) as not bounced.
 */
export function PageVisitBeacon() {
  const { pathname, search } = useLocation();
  const view = useRef<PageView | null>(null);
  const views = useRef(0);

  useEffect(() => {
    const send = (bounced: boolean) => {
      const current = view.current;
      if (!current) return;
      const ms = current.ms + (current.visibleSince === null ? 0 : performance.now() - current.visibleSince);
      const body: Beacon = { path: current.path, ms: Math.min(Math.round(ms), 86_400_000), lb: current.lb, bounced: current.lb && bounced };
      navigator.sendBeacon?.('/api/page-hidden.php', new Blob([JSON.stringify(body)], { type: 'text/plain' }));
    };
    views.current += 1;
    view.current = {
      path: pathname,
      ms: 0,
      visibleSince: document.visibilityState === 'visible' ? performance.now() : null,
      lb: views.current === 1 && new URLSearchParams(search).has('lb'),
    };
    const onHidden = () => {
      const current = view.current;
      // Already sent when it was hidden (pagehide follows visibilitychange when leaving).
      if (!current || current.visibleSince === null) return;
      send(true);
      // What follows, if the visitor comes back, is a new stretch of the same page, not a landing.
      view.current = { ...current, ms: 0, visibleSince: null, lb: false };
    };
    const onVisibility = () => {
      const current = view.current;
      if (document.visibilityState === 'hidden') onHidden();
      else if (current && current.visibleSince === null) view.current = { ...current, visibleSince: performance.now() };
    };
    document.addEventListener('visibilitychange', onVisibility);
    // Leaving for another site or closing the tab: not every browser reports it as hidden first.
    window.addEventListener('pagehide', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHidden);
      // Another page of the site: this view ends without a bounce.
      send(false);
      view.current = null;
    };
  }, [pathname]);

  return null;
}

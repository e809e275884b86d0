import { z } from 'zod';

/**
 * The page-hidden beacon's body (spec §7 `POST /api/page-hidden.php`; issue 18): the page the
 * visitor was on, how long it was on screen, and for a landing page opened with `?lb` (spec §4)
 * whether the visitor left the site from it. An empty body (`{}`) is the spec's bare beacon:
 * it still tells presence that the tab went away, and stores no visit.
 */
export const PAGE_VISIT_MAX_MS = 24 * 60 * 60 * 1000;

export const PageVisitBeacon = z.object({
  /** The page's path as the browser shows it; the server drops any query and replaces ids. */
  path: z
    .string()
    .min(1)
    .max(300)
    .regex(/^\/[^\s]*$/),
  /** Milliseconds the page was visible during this view. */
  ms: z.number().int().min(0).max(PAGE_VISIT_MAX_MS),
  /** The page was opened with the `lb` flag (bounce logging). */
  lb: z.boolean().default(false),
  /** Hidden without another page view or a sign-up since it opened (meaningful with `lb`). */
  bounced: z.boolean().default(false),
});
export type PageVisitBeacon = z.infer<typeof PageVisitBeacon>;

/**
 * A path as visits are counted: no query or fragment, ids (digits) as `{id}`, slugs kept, at
 * most 200 characters; null for what is not a member-facing page (the API, the console, files).
 */
export function normalisePagePath(raw: string): string | null {
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const segments = path.split('/').slice(1);
  if (['api', 'admin', 'media', 'assets'].includes(segments[0] ?? '')) return null;
  const normalised = `/${segments.map((segment) => (/^\d+$/.test(segment) ? '{id}' : segment)).join('/')}`.replace(/(.)\/+$/, '$1');
  return normalised.length <= 200 && /^[A-Za-z0-9/{}._~%-]+$/.test(normalised) ? normalised : null;
}

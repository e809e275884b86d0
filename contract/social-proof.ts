/**
 * What the home page and the landers tell a visitor about the site's members (issue 19): real
 * counts of the site's visible members (its niche), never made up and never finer than a country.
 * A plain type, not a zod schema: it is page data the server builds (never input to validate),
 * and this module is on every visitor page, where zod would cost ~26 KB of gzip before the page responds.
 */
export interface SocialProof {
  /** Members with an open page of the site right now (their presence has not run out). */
  online_now: number;
  /** Members who joined in the last 24 hours. */
  new_today: number;
  /** Members living in `country`, counted up to a cap (the page shows "10,000+" beyond it). */
  nearby: number;
  /** The visitor's country (geoip, when the site serves it; else the site's first country). */
  country: string;
}

/** Counting members of a country stops here: beyond it the exact number changes nothing. */
export const NEARBY_COUNT_CAP = 10_000;

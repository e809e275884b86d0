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

/**
 * The figures as a page carries them: written out in the page's language (`10,000+`, `1.234`)
 * with the country's name, on the server. A phone's first `Intl.NumberFormat` or
 * `Intl.DisplayNames` loads the browser's tables for it, each ~130 ms of Lighthouse's mobile CPU
 * inside the page's hydration (issue 19).
 */
export interface NamedSocialProof extends SocialProof {
  country_name: string;
  written: { online_now: string; new_today: string; nearby: string };
}

/** Counting members of a country stops here: beyond it the exact number changes nothing. */
export const NEARBY_COUNT_CAP = 10_000;

import { z } from 'zod';

/**
 * What the home page and the landers tell a visitor about the site's members (issue 19): real
 * counts of the site's visible members (its niche), never made up and never finer than a country.
 */
export const SocialProof = z.object({
  /** Members with an open page of the site right now (their presence has not run out). */
  online_now: z.number().int().nonnegative(),
  /** Members who joined in the last 24 hours. */
  new_today: z.number().int().nonnegative(),
  /** Members living in `country`, counted up to a cap (the page shows "10,000+" beyond it). */
  nearby: z.number().int().nonnegative(),
  /** The visitor's country (geoip, when the site serves it; else the site's first country). */
  country: z.string(),
});
export type SocialProof = z.infer<typeof SocialProof>;

/** Counting members of a country stops here: beyond it the exact number changes nothing. */
export const NEARBY_COUNT_CAP = 10_000;

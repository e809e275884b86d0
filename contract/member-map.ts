import { z } from 'zod';
import { REGION_WORDS } from './countries';

/** One first-level region of a country and how many of the site's members live there. */
export const RegionCount = z.object({
  id: z.string(),
  name: z.string(),
  count: z.number().int().nonnegative(),
});
export type RegionCount = z.infer<typeof RegionCount>;

/**
 * The map lander's data (`/landers/maplanding`): members per region of one country, never
 * anything finer than a region. Regions are those of the site's region data, with a count
 * of 0 where nobody lives yet.
 */
export const RegionCounts = z.object({
  country: z.string(),
  region_word: z.enum(REGION_WORDS),
  regions: z.array(RegionCount),
  /** Members with a known region in this country (the sum of the counts). */
  total: z.number().int().nonnegative(),
});
export type RegionCounts = z.infer<typeof RegionCounts>;

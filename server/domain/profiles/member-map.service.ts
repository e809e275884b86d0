import { isCountryCode } from '../../../contract/countries';
import type { RegionCounts } from '../../../contract/member-map';
import type { GeoService } from '../../adapters/geo/geo.port';
import type { ProfilesRepository } from '../../db/repositories/profiles.repository';
import type { SiteRow } from '../../db/schema/index';
import type { Clock } from '../shared/clock';
import { regionWordOf } from '../sites/sites.service';

/**
 * How long one count is reused. A lander is opened by every visitor an advert brings, while
 * the count it shows only needs to be about right: counting a large country on each view
 * would cost more than the page itself.
 */
export const REGION_COUNTS_TTL_MS = 60_000;

/**
 * The map lander's figures: how many of a site's members live in each region of a country.
 * Only regions are counted — never a city or a point — so the map cannot place anybody.
 */
export function createMemberMapService(deps: { profiles: ProfilesRepository; geo: GeoService; clock: Clock }) {
  const { profiles, geo, clock } = deps;
  const remembered = new Map<string, { at: number; counts: Map<string, number> }>();

  async function countsOf(niche: number, country: string): Promise<Map<string, number>> {
    const key = `${niche}:${country}`;
    const now = clock.now().getTime();
    const kept = remembered.get(key);
    if (kept && now - kept.at < REGION_COUNTS_TTL_MS) return kept.counts;
    const rows = await profiles.countByRegion({ niche, country });
    const counts = new Map(rows.map((row) => [row.region, row.n]));
    remembered.set(key, { at: now, counts });
    return counts;
  }

  return {
    /**
     * Visible members of the site's niche per region of `country`, every region of the
     * country listed (0 where nobody lives yet). A country the platform does not serve has no
     * regions to show.
     */
    async countByRegion(site: SiteRow, country: string): Promise<RegionCounts> {
      if (!isCountryCode(country)) return { country, region_word: 'region', regions: [], total: 0 };
      const counts = await countsOf(site.niche, country);
      const regions = geo.listRegions(country).map((region) => ({ ...region, count: counts.get(region.id) ?? 0 }));
      const total = regions.reduce((sum, region) => sum + region.count, 0);
      return { country, region_word: regionWordOf(site, country), regions, total };
    },
  };
}

export type MemberMapService = ReturnType<typeof createMemberMapService>;

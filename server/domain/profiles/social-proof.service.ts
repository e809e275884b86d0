import { NEARBY_COUNT_CAP, type SocialProof } from '../../../contract/social-proof';
import type { ProfilesRepository } from '../../db/repositories/profiles.repository';
import type { SiteRow } from '../../db/schema/index';
import type { Clock } from '../shared/clock';
import { keepValues } from '../shared/kept-values';

/**
 * How long one site's and country's figures are reused. The home page is the most visited
 * page of a site, while "members online now" only needs to be about right: counting on each
 * view would cost more than the page itself.
 */
export const SOCIAL_PROOF_TTL_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The figures the home page and the landers show a visitor (issue 19): the site's visible
 * members (its niche) online now, new in the last 24 hours, and living in the visitor's
 * country. Real counts, kept briefly per site niche and country: one count per key however many
 * visitors arrive at once.
 */
export function createSocialProofService(deps: { profiles: ProfilesRepository; clock: Clock }) {
  const { profiles, clock } = deps;
  // The country is already one of the site's: a few keys per site (its niche × its countries).
  const kept = keepValues<string, SocialProof>({ clock, keptMs: SOCIAL_PROOF_TTL_MS, maxKeys: 1_000 });

  return {
    /** The figures for a visitor from `country` (already chosen among the site's countries). */
    forVisitor(site: SiteRow, country: string): Promise<SocialProof> {
      return kept.get(`${site.niche}:${country}`, async () => {
        const now = clock.now();
        const counts = await profiles.countSocialProof({
          niche: site.niche,
          country,
          now,
          joinedSince: new Date(now.getTime() - DAY_MS),
          cap: NEARBY_COUNT_CAP,
        });
        return Object.freeze({ online_now: counts.online, new_today: counts.joined, nearby: counts.nearby, country });
      });
    },
  };
}

export type SocialProofService = ReturnType<typeof createSocialProofService>;

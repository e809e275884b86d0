import type { ProfileCard } from '../../../contract/profiles';
import type { LikesRepository } from '../../db/repositories/likes.repository';
import type { ProfilesRepository, SearchFilter } from '../../db/repositories/profiles.repository';
import type { SiteRow } from '../../db/schema/index';
import { ageOn } from './age-rule';
import type { Clock } from '../shared/clock';
import { birthDateYearsAgo, presentCard } from './profile-cards';

/** How many faces `/signup-matches` offers to like. */
export const SIGNUP_MATCHES_SIZE = 12;
/** "Around their age": this many years younger or older than the new member. */
export const SIGNUP_MATCHES_AGE_SPAN = 7;

/**
 * The page after sign-up (`/signup-matches`): members a new member can like in one tap, chosen
 * by what they told us in the sign-up steps. The best fits come first — whom they seek, around
 * their age, from their own country — then the same from anywhere, then anyone they seek, so a
 * new member on a small site still sees a full page. The site's niche applies throughout, and
 * members already liked are left out (the page is for new likes).
 */
export function createSignupMatchesService(deps: { profiles: ProfilesRepository; likes: Pick<LikesRepository, 'listLikedIds'>; clock: Clock }) {
  const { profiles, likes, clock } = deps;
  return {
    async list(site: SiteRow, memberId: number, size = SIGNUP_MATCHES_SIZE): Promise<ProfileCard[]> {
      const member = await profiles.findProfile(memberId);
      if (!member) return [];
      const now = clock.now();
      const age = ageOn(member.dateOfBirth, now);
      const seeking: SearchFilter = {
        viewerId: memberId,
        niche: site.niche,
        gender: member.seeking === 'both' ? undefined : member.seeking,
      };
      const aroundTheirAge = {
        bornOnOrBefore: birthDateYearsAgo(Math.max(18, age - SIGNUP_MATCHES_AGE_SPAN), now),
        bornAfter: birthDateYearsAgo(age + SIGNUP_MATCHES_AGE_SPAN + 1, now),
      };
      const passes: SearchFilter[] = [{ ...seeking, ...aroundTheirAge, country: member.country }, { ...seeking, ...aroundTheirAge }, seeking];
      const picked: Awaited<ReturnType<ProfilesRepository['search']>> = [];
      const excludeIds = await likes.listLikedIds(memberId);
      for (const filter of passes) {
        if (picked.length >= size) break;
        // Twice the need: members without an approved photo are dropped below.
        const rows = await profiles.search({ ...filter, excludeIds: [...excludeIds, ...picked.map((row) => row.id)] }, (size - picked.length) * 2, 0);
        picked.push(...rows.filter((row) => row.mainThumb).slice(0, size - picked.length));
      }
      return picked.map((row) => presentCard(row, now));
    },
  };
}

export type SignupMatchesService = ReturnType<typeof createSignupMatchesService>;

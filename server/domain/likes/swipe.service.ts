import type { ProfileCard } from '../../../contract/profiles';
import type { BlocksRepository } from '../../db/repositories/blocks.repository';
import type { ProfilesRepository } from '../../db/repositories/profiles.repository';
import type { SiteRow } from '../../db/schema/index';
import { genderCondition } from '../profiles/discovery-rules';
import { presentCard } from '../profiles/profile-cards';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { LikeOutcome, LikesService } from './likes.service';

const DECK_SIZE = 10;
/** The most faces a visitor's page asks for at once (a lander's gallery). */
export const MAX_SHOWCASE = 48;

/**
 * The swipe game and the match finder: a deck of members not yet swiped; a like or a pass
 * takes a card off for good. The swipe game's likes count against its daily limit.
 */
export function createSwipeService(deps: { profiles: ProfilesRepository; blocks: BlocksRepository; likes: LikesService; clock: Clock }) {
  const { profiles, blocks, likes, clock } = deps;
  return {
    /** The nearest people first, then the most recently active, who want to see the member as they want to see them (ADR 0067). */
    async deck(site: SiteRow, memberId: number): Promise<ProfileCard[]> {
      const [swiped, me] = await Promise.all([blocks.listSwipedIds(memberId), profiles.findSearcher(memberId)]);
      const genders = me ? genderCondition(me, undefined) : null;
      if (!me || !genders) return [];
      const rows = await profiles.search({ viewerId: memberId, niche: site.niche, ...genders, near: me.place ?? undefined, excludeIds: swiped }, DECK_SIZE, 0);
      const now = clock.now();
      return rows.filter((row) => row.mainThumb).map((row) => presentCard(row, now, me.place));
    },

    /**
     * The deck of a campaign lander (`/landers/tinderswipe`) for a visitor: members of the site's
     * niche with a photo, from the visitor's country first, then from anywhere. It does not
     * depend on `logged_out_search`: that setting opens the search pages to visitors, while a
     * lander exists to show a first-time visitor a few faces before they sign up (a niche site
     * such as Flirtzone keeps search for members and still needs cards here). The other
     * landers (`/landers/{slug}`) ask for up to `MAX_SHOWCASE` of the same faces.
     */
    async visitorDeck(site: SiteRow, country: string | null, size = DECK_SIZE): Promise<ProfileCard[]> {
      const wanted = Math.min(Math.max(1, Math.trunc(size)), MAX_SHOWCASE);
      const withPhoto = (rows: Awaited<ReturnType<ProfilesRepository['search']>>) => rows.filter((row) => row.mainThumb);
      const near = country ? withPhoto(await profiles.search({ viewerId: null, niche: site.niche, country }, wanted * 2, 0)) : [];
      const rows = near.slice(0, wanted);
      if (rows.length < wanted) {
        const anywhere = withPhoto(await profiles.search({ viewerId: null, niche: site.niche, excludeIds: rows.map((row) => row.id) }, wanted * 2, 0));
        rows.push(...anywhere.slice(0, wanted - rows.length));
      }
      const now = clock.now();
      return rows.map((row) => presentCard(row, now));
    },

    async swipe(memberId: number, profileId: number, action: 'like' | 'pass', mode: 'swipe_game' | 'match_finder'): Promise<LikeOutcome> {
      if (action === 'pass') {
        // Only a card the member could be shown can be passed (a made-up id would fail the insert).
        const [card] = await profiles.findCards([profileId], memberId);
        if (!card) throw new AppError('not_found');
        await blocks.passSwipe(memberId, profileId, clock.now());
        return { liked: false, is_match: false, likes_left_today: mode === 'swipe_game' ? await likes.swipeLikesLeft(memberId) : null };
      }
      return likes.like(memberId, profileId, mode === 'swipe_game' ? 'swipe' : 'match_finder');
    },
  };
}

export type SwipeService = ReturnType<typeof createSwipeService>;

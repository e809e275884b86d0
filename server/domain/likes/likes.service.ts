import { FREE_SWIPE_LIKES_PER_DAY, type AutoLike, type LikesResponse, type ProfileCard } from '../../../contract/profiles';
import { startOfSwipeDay } from '../../../contract/discovery-limits';
import type { BlocksRepository } from '../../db/repositories/blocks.repository';
import type { Executor } from '../../db/client';
import { createLikesRepository, type LikeSource, type LikesRepository } from '../../db/repositories/likes.repository';
import type { ProfilesRepository } from '../../db/repositories/profiles.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { presentCard } from '../profiles/profile-cards';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';

/** An automatic "someone likes you" at most this often per member. */
const AUTO_LIKE_INTERVAL_MS = 6 * 3_600_000;

/** What the realtime layer is told after a like or its removal commits; it never delays or fails either. */
export interface LikeEvents {
  liked(likerId: number, likedId: number): void;
  /** The like was returned: both members like each other now; each learns of the other (issue 35). */
  matched?(match: [MatchParty, MatchParty]): void;
  /** The liked member's likes tab and counters no longer show this like. */
  unliked?(likerId: number, likedId: number): void;
}

/** A member of a new match as the other one is shown them. */
export interface MatchParty {
  id: number;
  name: string;
  main_image: ProfileCard['main_image'];
  is_fictional: boolean;
}

export interface LikeOutcome {
  liked: boolean;
  is_match: boolean;
  likes_left_today: number | null;
}

/** Likes, matches and the automatic like of the match popup (spec §2 likes, §7 likes.php, auto-like.php). */
export function createLikesService(deps: {
  db: Executor;
  likes: LikesRepository;
  blocks: BlocksRepository;
  profiles: ProfilesRepository;
  users: Pick<UsersRepository, 'findById'>;
  clock: Clock;
  events?: LikeEvents;
}) {
  const { likes, blocks, profiles, users, clock } = deps;

  async function assertReachable(memberId: number, profileId: number) {
    if (memberId === profileId) throw new AppError('not_yourself');
    const relation = await blocks.between(memberId, profileId);
    if (relation.blockedByOther || relation.viewerBlocked) throw new AppError('blocked');
    const [card] = await profiles.findCards([profileId], memberId);
    if (!card) throw new AppError('not_found');
  }

  /** Spec §9: the daily limit is for free members; premium members swipe without one. */
  async function hasSwipeLimit(memberId: number) {
    return !(await users.findById(memberId))?.paidUser;
  }

  /**
   * A swipe-game like of a free member: the day's count and the insert commit together under a
   * lock on the member, so likes sent at once cannot all pass the count before any is stored
   * (issue 30). A fifth like of the day is refused, not stored.
   */
  async function likeWithinDailyLimit(memberId: number, profileId: number, now: Date): Promise<{ inserted: boolean; left: number }> {
    return deps.db.transaction(async (tx) => {
      const txLikes = createLikesRepository(tx);
      await txLikes.lockLiker(memberId);
      const used = await txLikes.countSince(memberId, 'swipe', startOfSwipeDay(now));
      if (used >= FREE_SWIPE_LIKES_PER_DAY) throw new AppError('swipe_limit_reached', { params: { limit: FREE_SWIPE_LIKES_PER_DAY } });
      const inserted = await txLikes.insert(memberId, profileId, 'swipe', now);
      // Liking someone already liked stores nothing and uses none of the day's likes.
      return { inserted, left: FREE_SWIPE_LIKES_PER_DAY - used - (inserted ? 1 : 0) };
    });
  }

  /** Both sides of a new match, each as the other sees them; never delays or fails the like. */
  function announceMatch(memberId: number, profileId: number, now: Date) {
    Promise.all([profiles.findCards([memberId], profileId), profiles.findCards([profileId], memberId)])
      .then(([[me], [other]]) => {
        if (!me || !other) return;
        const party = (card: ProfileCard): MatchParty => ({ id: card.id, name: card.name, main_image: card.main_image, is_fictional: card.is_fictional });
        deps.events?.matched?.([party(presentCard(me, now)), party(presentCard(other, now))]);
      })
      .catch((error) => console.error('match announcement failed', error));
  }

  return {
    async like(memberId: number, profileId: number, source: LikeSource = 'profile'): Promise<LikeOutcome> {
      await assertReachable(memberId, profileId);
      const now = clock.now();
      const { inserted, left } =
        source === 'swipe' && (await hasSwipeLimit(memberId))
          ? await likeWithinDailyLimit(memberId, profileId, now)
          : { inserted: await likes.insert(memberId, profileId, source, now), left: null };
      if (inserted) deps.events?.liked(memberId, profileId);
      const isMatch = await likes.exists(profileId, memberId);
      // Only the like that made the match announces it: liking again, or a retry, stays quiet.
      if (inserted && isMatch && deps.events?.matched) announceMatch(memberId, profileId, now);
      return { liked: true, is_match: isMatch, likes_left_today: left };
    },

    async unlike(memberId: number, profileId: number): Promise<void> {
      if (await likes.delete(memberId, profileId)) deps.events?.unliked?.(memberId, profileId);
    },

    /** The swipe game's likes left today; null for premium members, who have no limit. */
    async swipeLikesLeft(memberId: number): Promise<number | null> {
      if (!(await hasSwipeLimit(memberId))) return null;
      return Math.max(0, FREE_SWIPE_LIKES_PER_DAY - (await likes.countSince(memberId, 'swipe', startOfSwipeDay(clock.now()))));
    },

    async list(memberId: number): Promise<LikesResponse> {
      const now = clock.now();
      const [likedIds, likers] = await Promise.all([likes.listLikedIds(memberId), likes.listLikers(memberId)]);
      const cards = await profiles.findCards([...new Set([...likedIds, ...likers.map((liker) => liker.id)])], memberId);
      const cardOf = new Map(cards.map((row) => [row.id, presentCard(row, now)]));
      const liked = new Set(likedIds);
      const likedBy = likers.flatMap((liker) => {
        const profile = cardOf.get(liker.id);
        return profile ? [{ id: liker.id, like_new: liker.isNew, profile }] : [];
      });
      return {
        profiles: likedIds.flatMap((id) => cardOf.get(id) ?? []),
        liked_by: likedBy,
        matches: likedBy.filter((entry) => liked.has(entry.id)).map((entry) => entry.profile),
        total_new_likes: likedBy.filter((entry) => entry.like_new).length,
      };
    },

    /**
     * Spec §7 auto-like.php: one of the site's fictional profiles (run by the team, labelled as
     * such) likes the member, for the match popup. Never a real member: their likes are only
     * their own. At most every six hours; null when none is due or no fictional profile fits.
     */
    async autoLike(site: SiteRow, memberId: number, gender: 'male' | 'female' | null): Promise<AutoLike | null> {
      const now = clock.now();
      const last = await likes.lastReceivedAt(memberId, 'auto');
      if (last && now.getTime() - last.getTime() < AUTO_LIKE_INTERVAL_MS) return null;
      const already = new Set([...(await likes.listLikers(memberId)).map((liker) => liker.id)]);
      const candidates = await profiles.search(
        { viewerId: memberId, niche: site.niche, gender: gender ?? undefined, fictionalOnly: true, excludeIds: [...already] },
        20,
        0,
      );
      const pick = candidates.find((row) => row.isFictional && row.mainThumb);
      if (!pick) return null;
      await likes.insert(pick.id, memberId, 'auto', now);
      const card = presentCard(pick, now);
      return { id: card.id, name: card.name, main_image: card.main_image, is_fictional: true };
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;

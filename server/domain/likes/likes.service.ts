import { FREE_SWIPE_LIKES_PER_DAY, type AutoLike, type LikesResponse } from '../../../contract/profiles';
import type { BlocksRepository } from '../../db/repositories/blocks.repository';
import type { LikeSource, LikesRepository } from '../../db/repositories/likes.repository';
import type { ProfilesRepository } from '../../db/repositories/profiles.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { presentCard } from '../profiles/profile-cards';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';

/** An automatic "someone likes you" at most this often per member. */
const AUTO_LIKE_INTERVAL_MS = 6 * 3_600_000;

/** What the realtime layer is told after a like commits; it never delays or fails the like. */
export interface LikeEvents {
  liked(likerId: number, likedId: number): void;
}

export interface LikeOutcome {
  liked: boolean;
  is_match: boolean;
  likes_left_today: number | null;
}

/** Likes, matches and the automatic like of the match popup (spec §2 likes, §7 likes.php, auto-like.php). */
export function createLikesService(deps: { likes: LikesRepository; blocks: BlocksRepository; profiles: ProfilesRepository; users: Pick<UsersRepository, 'findById'>; clock: Clock; events?: LikeEvents }) {
  const { likes, blocks, profiles, users, clock } = deps;

  async function assertReachable(memberId: number, profileId: number) {
    if (memberId === profileId) throw new AppError('not_yourself');
    const relation = await blocks.between(memberId, profileId);
    if (relation.blockedByOther || relation.viewerBlocked) throw new AppError('blocked');
    const [card] = await profiles.findCards([profileId], memberId);
    if (!card) throw new AppError('not_found');
  }

  function startOfDay(now: Date) {
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  }

  /** Spec §9: the daily limit is for free members; premium members swipe without one. */
  async function hasSwipeLimit(memberId: number) {
    return !(await users.findById(memberId))?.paidUser;
  }

  return {
    async like(memberId: number, profileId: number, source: LikeSource = 'profile'): Promise<LikeOutcome> {
      await assertReachable(memberId, profileId);
      const now = clock.now();
      let left: number | null = null;
      if (source === 'swipe' && (await hasSwipeLimit(memberId))) {
        // Counted before inserting: a fifth like of the day is refused, not stored.
        const used = await likes.countSince(memberId, 'swipe', startOfDay(now));
        if (used >= FREE_SWIPE_LIKES_PER_DAY) throw new AppError('swipe_limit_reached', { params: { limit: FREE_SWIPE_LIKES_PER_DAY } });
        left = FREE_SWIPE_LIKES_PER_DAY - used - 1;
      }
      if (await likes.insert(memberId, profileId, source, now)) deps.events?.liked(memberId, profileId);
      return { liked: true, is_match: await likes.exists(profileId, memberId), likes_left_today: left };
    },

    async unlike(memberId: number, profileId: number): Promise<void> {
      await likes.delete(memberId, profileId);
    },

    /** The swipe game's likes left today; null for premium members, who have no limit. */
    async swipeLikesLeft(memberId: number): Promise<number | null> {
      if (!(await hasSwipeLimit(memberId))) return null;
      return Math.max(0, FREE_SWIPE_LIKES_PER_DAY - (await likes.countSince(memberId, 'swipe', startOfDay(clock.now()))));
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
      const candidates = await profiles.search({ viewerId: memberId, niche: site.niche, gender: gender ?? undefined, fictionalOnly: true, excludeIds: [...already] }, 20, 0);
      const pick = candidates.find((row) => row.isFictional && row.mainThumb);
      if (!pick) return null;
      await likes.insert(pick.id, memberId, 'auto', now);
      const card = presentCard(pick, now);
      return { id: card.id, name: card.name, main_image: card.main_image, is_fictional: true };
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;

import type { MemberCounters } from '../chat/member-counters';
import type { MemberEventPublisher } from '../shared/member-events.port';
import type { LikeEvents, MatchParty } from './likes.service';

export interface RealtimeLikeEvents extends LikeEvents {
  matched(match: [MatchParty, MatchParty]): void;
  unliked(likerId: number, likedId: number): void;
  /** The member looked at a liker's profile: fresh badge counts for their tabs. */
  likeSeen(memberId: number): void;
}

/**
 * What a like tells the members' open tabs: `like_new` for the liked member, and fresh counters;
 * a removed like, fresh counters only (the new-likes badge may drop). Either drops the liked
 * member's kept tabs too, as every event to them does (ADR 0048).
 */
export function createRealtimeLikeEvents(
  bus: MemberEventPublisher,
  counters: Pick<MemberCounters, 'unreadAndLikes'>,
  onError: (error: unknown) => void = (error) => console.error('realtime like event failed', error),
): RealtimeLikeEvents {
  const publishCounters = async (memberId: number) => bus.publish(memberId, await counters.unreadAndLikes(memberId));
  return {
    liked(likerId, likedId) {
      Promise.all([bus.publish(likedId, { type: 'like_new', profile_id: likerId }), publishCounters(likedId)]).catch(onError);
    },
    // Each member's tabs get the other one, and fresh counters (the like made the match).
    matched([first, second]) {
      Promise.all([bus.publish(first.id, { type: 'match_new', profile: second }), bus.publish(second.id, { type: 'match_new', profile: first })]).catch(
        onError,
      );
    },
    unliked(_likerId, likedId) {
      publishCounters(likedId).catch(onError);
    },
    likeSeen(memberId) {
      publishCounters(memberId).catch(onError);
    },
  };
}

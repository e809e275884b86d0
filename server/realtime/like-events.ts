import type { ChatRepository } from '../db/repositories/chat.repository';
import type { LikesRepository } from '../db/repositories/likes.repository';
import type { LikeEvents } from '../domain/likes/likes.service';
import type { EventBus } from './event-bus';

export interface RealtimeLikeEvents extends LikeEvents {
  /** The member looked at a liker's profile: fresh badge counts for their tabs. */
  likeSeen(memberId: number): void;
}

/** Turns likes into socket events: `like_new` for the liked member, and fresh counters. */
export function createRealtimeLikeEvents(bus: EventBus, deps: { likes: LikesRepository; chat: ChatRepository }, onError: (error: unknown) => void = (error) => console.error('realtime like event failed', error)): RealtimeLikeEvents {
  const publishCounters = async (memberId: number) => {
    const [unread, newLikes] = await Promise.all([deps.chat.totalUnread(memberId), deps.likes.countNew(memberId)]);
    await bus.publish(memberId, { type: 'counters', unread_messages: unread, new_likes: newLikes });
  };
  return {
    liked(likerId, likedId) {
      Promise.all([bus.publish(likedId, { type: 'like_new', profile_id: likerId }), publishCounters(likedId)]).catch(onError);
    },
    likeSeen(memberId) {
      publishCounters(memberId).catch(onError);
    },
  };
}

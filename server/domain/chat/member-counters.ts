import type { ServerEventOf } from '../../../contract/ws-events';
import type { ChatRepository } from '../../db/repositories/chat.repository';
import type { LikesRepository } from '../../db/repositories/likes.repository';

type Counters = ServerEventOf<'counters'>;

/** The unread badge from a total the caller already knows (a batched send's commit): no query. */
export function unreadCountersOf(unread: number): Counters {
  return { type: 'counters', unread_messages: unread };
}

/**
 * The badge counts a member's tabs are sent (`counters`). Unread messages are the sum over the
 * member's shown conversations; a conversation withheld by a block already counts 0, because the
 * block zeroed it (ADR 0021), so no read-time block check is needed here. Only the fields that
 * changed go out: likes with a like, the balance with a purchase or refund.
 */
export function createMemberCounters(deps: { chat: Pick<ChatRepository, 'totalUnread'>; likes: Pick<LikesRepository, 'countNew'> }) {
  return {
    /** Unread messages only. */
    async unread(memberId: number): Promise<Counters> {
      return unreadCountersOf(await deps.chat.totalUnread(memberId));
    },

    /** Unread messages and new likes, after a like or after the member looked at a liker. */
    async unreadAndLikes(memberId: number): Promise<Counters> {
      const [unread, newLikes] = await Promise.all([deps.chat.totalUnread(memberId), deps.likes.countNew(memberId)]);
      return { type: 'counters', unread_messages: unread, new_likes: newLikes };
    },

    /** Unread messages and the new balance, after a purchase or refund. */
    async unreadAndCredits(memberId: number, credits: number): Promise<Counters> {
      return { type: 'counters', unread_messages: await deps.chat.totalUnread(memberId), credits };
    },
  };
}

export type MemberCounters = ReturnType<typeof createMemberCounters>;

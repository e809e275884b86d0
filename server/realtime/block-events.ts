import type { ChatRepository } from '../db/repositories/chat.repository';
import type { BlockEvents } from '../domain/profiles/blocks.service';
import type { EventBus } from './event-bus';

/**
 * Turns blocks into socket events for the blocked member: their open tabs drop the withheld
 * conversation and its unread messages leave the badge; an unblock brings the count back (the
 * conversation itself returns with the next list the tab loads).
 */
export function createRealtimeBlockEvents(bus: EventBus, chat: Pick<ChatRepository, 'totalUnread'>, onError: (error: unknown) => void = (error) => console.error('realtime block event failed', error)): BlockEvents {
  const publishCounters = async (memberId: number) => bus.publish(memberId, { type: 'counters', unread_messages: await chat.totalUnread(memberId) });
  return {
    blocked(blockedId, conversationId) {
      const removed = conversationId === null ? Promise.resolve() : bus.publish(blockedId, { type: 'conversation_removed', conversation_id: conversationId });
      Promise.all([removed, publishCounters(blockedId)]).catch(onError);
    },
    unblocked(blockedId) {
      publishCounters(blockedId).catch(onError);
    },
  };
}

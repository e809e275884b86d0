import type { MemberCounters } from '../chat/member-counters';
import type { MemberEventPublisher } from '../shared/member-events.port';
import type { BlockEvents } from './blocks.service';

/**
 * What a block tells the blocked member's open tabs (ADR 0021): they drop the withheld
 * conversation and its unread messages leave the badge; an unblock brings the count back (the
 * conversation itself returns with the next list the tab loads).
 */
export function createRealtimeBlockEvents(
  bus: MemberEventPublisher,
  counters: Pick<MemberCounters, 'unread'>,
  onError: (error: unknown) => void = (error) => console.error('realtime block event failed', error),
): BlockEvents {
  const publishCounters = async (memberId: number) => bus.publish(memberId, await counters.unread(memberId));
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

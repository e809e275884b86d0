import type { ChatRepository } from '../../db/repositories/chat.repository';
import type { MemberEventPublisher } from '../shared/member-events.port';
import type { ChatEvents } from './chat.service';
import { unreadCountersOf, type MemberCounters } from './member-counters';

export interface RealtimeChatEvents extends ChatEvents {
  /** The member removed a conversation: their other tabs drop it too. Not yet part of `ChatEvents`; call it after `chat.remove` commits. */
  conversationRemoved(conversationId: number, memberId: number): void;
  /** Messages held for a member until they confirmed their e-mail address are delivered now. */
  heldReleased(recipientId: number): void;
}

/**
 * Who hears of a chat change, and what: the events the members' open tabs get. The chat
 * service calls these after commit and does not wait: a slow or failing bus never delays or
 * fails a send, and a tab that missed an event catches up with `resync`.
 */
export function createRealtimeChatEvents(
  bus: MemberEventPublisher,
  deps: { chat: Pick<ChatRepository, 'findForMember' | 'findShownTo'>; counters: Pick<MemberCounters, 'unread'> },
  options: { onError?: (error: unknown) => void } = {},
): RealtimeChatEvents {
  const { chat, counters } = deps;
  const onError = options.onError ?? ((error: unknown) => console.error('realtime chat event failed', error));
  const run = (work: () => Promise<unknown>) => {
    work().catch(onError);
  };
  // A batched send already knows the recipient's unread total: no query, and no wait before publishing.
  const publishCounters = async (memberId: number, knownUnread?: number) =>
    bus.publish(memberId, knownUnread === undefined ? await counters.unread(memberId) : unreadCountersOf(knownUnread));

  return {
    messageSent(message, recipientId, recipientUnread) {
      const event = { type: 'message_new', message } as const;
      // The three publishes start before any await, so events leave in the order messages were sent.
      run(() => Promise.all([bus.publish(recipientId, event), bus.publish(message.sender_id, event), publishCounters(recipientId, recipientUnread)]));
    },

    conversationRead(conversationId, readerId, messageIds) {
      run(async () => {
        const conversation = await chat.findForMember(conversationId, readerId);
        if (!conversation) return;
        const otherId = conversation.memberA === readerId ? conversation.memberB : conversation.memberA;
        const event = { type: 'message_read', conversation_id: conversationId, message_ids: messageIds, reader_id: readerId } as const;
        // A member the reader blocked hears nothing of a conversation withheld from them (ADR 0021).
        const toOther = (await chat.findShownTo(conversationId, otherId)) ? bus.publish(otherId, event) : Promise.resolve();
        // The reader's other tabs clear their unread marks too.
        await Promise.all([toOther, bus.publish(readerId, event), publishCounters(readerId)]);
      });
    },

    heldReleased(recipientId) {
      run(() => publishCounters(recipientId));
    },

    conversationRestored(memberId) {
      run(() => publishCounters(memberId));
    },

    conversationRemoved(conversationId, memberId) {
      run(() => Promise.all([bus.publish(memberId, { type: 'conversation_removed', conversation_id: conversationId }), publishCounters(memberId)]));
    },
  };
}

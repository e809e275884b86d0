import type { ChatRepository } from '../db/repositories/chat.repository';
import type { PaymentEvents } from '../domain/payments/orders.service';
import type { EventBus } from './event-bus';

/** Tells every tab of the member their new balance after a purchase or refund, so the credits badge updates at once. */
export function createRealtimePaymentEvents(bus: EventBus, chat: ChatRepository, onError: (error: unknown) => void = (error) => console.error('realtime payment event failed', error)): PaymentEvents {
  return {
    creditsChanged(userId, credits) {
      chat
        .totalUnread(userId)
        .then((unread) => bus.publish(userId, { type: 'counters', unread_messages: unread, credits }))
        .catch(onError);
    },
  };
}

import type { MemberCounters } from '../chat/member-counters';
import type { MemberEventPublisher } from '../shared/member-events.port';
import type { PaymentEvents } from './orders.service';

/** Tells every tab of the member their new balance after a purchase or refund, so the credits badge updates at once. */
export function createRealtimePaymentEvents(
  bus: MemberEventPublisher,
  counters: Pick<MemberCounters, 'unreadAndCredits'>,
  onError: (error: unknown) => void = (error) => console.error('realtime payment event failed', error),
): PaymentEvents {
  return {
    creditsChanged(userId, credits) {
      counters
        .unreadAndCredits(userId, credits)
        .then((event) => bus.publish(userId, event))
        .catch(onError);
    },
  };
}

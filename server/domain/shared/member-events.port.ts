import type { ServerEvent } from '../../../contract/ws-events';

/**
 * Where the domain hands an event for a member's open tabs: the realtime bus, which carries it
 * to every socket of the member on every instance. The domain decides who gets which event;
 * the bus only delivers, best effort (a tab that missed one resyncs).
 */
export interface MemberEventPublisher {
  publish(memberId: number, event: ServerEvent): Promise<void>;
}

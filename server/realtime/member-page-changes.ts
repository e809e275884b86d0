import type { ServerEvent } from '../../contract/ws-events';
import type { EventBus } from './event-bus';
import type { PageChangeBus } from './page-change-bus';

/** Events that change nothing a page shows: someone typing. */
const PAGE_NEUTRAL_EVENTS = new Set<ServerEvent['type']>(['typing']);

/**
 * Tells every instance that these members' own pages changed, from a write that sends them no
 * event (a job in the worker, say), so each drops what it kept for them (ADR 0048). Never
 * delays or fails the write.
 */
export function createMemberPagesChanged(
  pageChanges: PageChangeBus,
  onError: (error: unknown) => void = (error) => console.error('member page change failed', error),
) {
  return (memberIds: number[]): void => {
    for (const memberId of memberIds) pageChanges.publish({ memberId }).catch(onError);
  };
}

/**
 * The realtime bus, with every event that reaches a member also dropping the tabs kept for
 * them on every instance (ADR 0048): a message, a like, a read receipt, new counters, a block,
 * a reviewed photo, an ended session. Whatever a member's open tab is told, their next page
 * load sees too. The bus's own extras (its member count …) stay reachable through it.
 */
export function announcingMemberPageChanges(
  bus: EventBus,
  pageChanges: PageChangeBus,
  onError: (error: unknown) => void = (error) => console.error('member page change failed', error),
): EventBus {
  const announcing: EventBus = Object.create(bus);
  announcing.publish = (memberId, event) => {
    if (!PAGE_NEUTRAL_EVENTS.has(event.type)) pageChanges.publish({ memberId }).catch(onError);
    return bus.publish(memberId, event);
  };
  return announcing;
}

import type { ServerEvent } from '../../contract/ws-events';
import type { EventBus, EventHandler } from './event-bus';

const reportToConsole = (error: unknown) => console.error('realtime event handler failed', error);
/**
 * What an in-process publish answers: delivered already, so one settled promise serves them all.
 * A chat message is published three times, and a promise each was garbage (issue 36).
 */
const DELIVERED: Promise<void> = Promise.resolve();

/**
 * The handlers of this process, by member. Most members have one tab open, so a member costs
 * one map entry and one small set while connected, and nothing once the last tab closes.
 */
export function createLocalSubscribers(onError: (error: unknown) => void = reportToConsole) {
  const handlers = new Map<number, Set<EventHandler>>();
  return {
    /** Adds a handler; true when it is the member's first (the caller starts listening for them). */
    add(memberId: number, handler: EventHandler): boolean {
      const set = handlers.get(memberId);
      if (set) {
        set.add(handler);
        return false;
      }
      handlers.set(memberId, new Set([handler]));
      return true;
    },
    /** Removes a handler; true when it was the member's last (the caller stops listening). */
    remove(memberId: number, handler: EventHandler): boolean {
      const set = handlers.get(memberId);
      if (!set?.delete(handler) || set.size) return false;
      handlers.delete(memberId);
      return true;
    },
    has: (memberId: number) => handlers.has(memberId),
    deliver(memberId: number, event: ServerEvent) {
      const set = handlers.get(memberId);
      if (!set) return;
      for (const handler of set) {
        try {
          handler(event);
        } catch (error) {
          onError(error);
        }
      }
    },
    /** Members with at least one handler (for tests and metrics). */
    get memberCount() {
      return handlers.size;
    },
    clear: () => handlers.clear(),
  };
}

/** One process, no network: the default, and what tests use. Handlers run synchronously, in publish order. */
export function createMemoryBus(
  options: { onError?: (error: unknown) => void } = {},
): EventBus & { readonly memberCount: number; hasSubscribers(memberId: number): boolean } {
  const local = createLocalSubscribers(options.onError);
  return {
    publish(memberId, event) {
      local.deliver(memberId, event);
      return DELIVERED;
    },
    subscribe(memberId, handler) {
      local.add(memberId, handler);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        local.remove(memberId, handler);
      };
    },
    subscribed: async () => {},
    // One process: nothing between a publisher and its subscribers can fail.
    isListening: () => true,
    onInterrupted: () => () => {},
    hasSubscribers: (memberId) => local.has(memberId),
    get memberCount() {
      return local.memberCount;
    },
    async close() {
      local.clear();
    },
  };
}

export type MemoryBus = ReturnType<typeof createMemoryBus>;

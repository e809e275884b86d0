import type { ChatRealtimeService } from '../domain/chat/chat-realtime.service';
import type { EventBus } from '../realtime/event-bus';
import { countInvalid, type Connection } from './ws-connection';

const TYPING_INTERVAL_MS = 1000;
/** Conversations whose typing state a socket remembers; a tab types in a handful at most. */
const TYPING_MEMORY = 32;

/**
 * `typing` from a tab: relayed to the other member at most once a second per conversation. The
 * chat decides once per socket and conversation whether it may be shown; the socket remembers.
 */
export function createTypingRelay(deps: { chat: Pick<ChatRealtimeService, 'decideTyping'>; bus: Pick<EventBus, 'publish'>; now: () => number }) {
  return async function relayTyping(connection: Connection, conversationId: number) {
    const at = deps.now();
    const typing = (connection.typing ??= new Map());
    let entry = typing.get(conversationId);
    if (entry && at - entry.at < TYPING_INTERVAL_MS) return;
    if (!entry) {
      if (typing.size >= TYPING_MEMORY) typing.clear();
      entry = { at, otherId: 0 };
      typing.set(conversationId, entry);
      const decision = await deps.chat.decideTyping(connection.memberId, conversationId);
      entry.otherId = decision.outcome === 'relay' ? decision.recipientId : -1;
      // Probing other pairs' conversations counts as abuse, like any invalid message.
      if (decision.outcome === 'not_member') return countInvalid(connection);
    }
    entry.at = at;
    if (entry.otherId > 0) await deps.bus.publish(entry.otherId, { type: 'typing', conversation_id: conversationId, profile_id: connection.memberId });
  };
}

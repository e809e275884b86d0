import type { ChatRealtimeService } from '../domain/chat/chat-realtime.service';
import type { EventBus } from '../realtime/event-bus';
import type { Connection, Delivery, ResyncState } from './ws-connection';

/**
 * `resync` from a tab: what it missed since its last message id, as the chat decides it, then
 * `resync_done`. Live events arriving meanwhile are held and sent after, each message once.
 */
export function createResyncs(deps: {
  chat: Pick<ChatRealtimeService, 'resyncSince'>;
  bus: Pick<EventBus, 'subscribed'>;
  delivery: Pick<Delivery, 'send'>;
  onError: (error: unknown, memberId: number) => void;
}) {
  const { send } = deps.delivery;

  async function sendMissed(connection: Connection, state: ResyncState, afterMessageId: number | undefined) {
    // Listening first, then reading: a message committed in between arrives live (and is deduplicated below).
    await deps.bus.subscribed(connection.memberId);
    const missed = await deps.chat.resyncSince(connection.memberId, afterMessageId);
    for (const message of missed.messages) {
      // Sent live moments ago (on the wire when the tab asked, or since the socket opened):
      // the tab has it or is about to, and `send` drops a second copy.
      if (state.sentIds.has(message.id)) continue;
      state.sentIds.add(message.id);
      send(connection, { type: 'message_new', message });
    }
    send(connection, { type: 'resync_done', last_message_id: missed.lastMessageId, has_more: missed.hasMore });
  }

  /** Sends what the tab missed; a second resync before the first finished runs after it. */
  return function resync(connection: Connection, afterMessageId: number | undefined) {
    const state = (connection.resync ??= { pending: 0, chain: Promise.resolve(), sentIds: new Set(), held: [] });
    state.pending += 1;
    state.chain = state.chain
      .then(() => sendMissed(connection, state, afterMessageId))
      .catch((error: unknown) => deps.onError(error, connection.memberId))
      .finally(() => {
        state.pending -= 1;
        if (state.pending) return;
        connection.resync = null;
        for (const event of state.held) {
          if (event.type === 'message_new' && state.sentIds.has(event.message.id)) continue;
          send(connection, event);
        }
      });
  };
}

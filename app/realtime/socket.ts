import type { SendMessageInput, SendMessageResponse } from '../../contract/chat';
import { ServerEvent, type ClientEvent } from '../../contract/ws-events';
import { useChat } from '../state/chat';
import { handlers, type HandlerContext } from './handlers';
import { reconnectDelay, SERVICE_RESTART } from './reconnect-delay';
import { markOpenConversationRead, refreshChats } from './refresh-chats';
import { createSocketSends } from './socket-sends';

/** Close code the server uses for a missing or expired session. */
const AUTHENTICATION_REQUIRED = 4401;
/**
 * An ended session closes its sockets at once, but the browser may already hold the member's
 * next session: this tab's own password change (which starts a new one), or a log-in in
 * another tab, replaced the cookie. So the first 4401 reconnects once, after a moment in which
 * a tab that logged itself out (log-out, deletion) unmounts and stops; only a second 4401
 * before the server answered anything is a real log-out.
 */
const SESSION_RECHECK_DELAY_MS = 1_000;

export interface RealtimeConnection {
  sendTyping(conversationId: number): void;
  /**
   * Sends a text message over the socket, or null while it is not open. Rejects with the
   * server's `ApiError`, or with `SocketSendLost` when the socket cannot answer: then send the
   * same input over HTTP, whose `client_id` keeps it from being charged twice.
   */
  sendMessage(input: SendMessageInput): Promise<SendMessageResponse> | null;
  close(): void;
}

/**
 * One socket per tab. Every event is checked against the contract before a handler sees it;
 * after each (re)connect the tab resyncs from the newest message it has, so nothing is lost
 * or shown twice. A lost session ends in a log-out, not in endless reconnects.
 */
export function connectRealtime(options: { memberId: number; openConversationId: () => number | null; onAuthenticationLost: () => void }): RealtimeConnection {
  let socket: WebSocket | null = null;
  let attempts = 0;
  /** A 4401 closed the last socket and the new one has not heard from the server yet. */
  let recheckingSession = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (event: ClientEvent) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
  };
  const messages = createSocketSends(send);
  const context: HandlerContext = {
    memberId: options.memberId,
    openConversationId: options.openConversationId,
    resync: () => {
      // Without a cursor yet the page data is current: the server only gives the cursor then.
      const cursor = useChat.getState().lastSeenId;
      send(cursor === null ? { type: 'resync' } : { type: 'resync', after_message_id: cursor });
    },
    refreshChats,
    markOpenRead: markOpenConversationRead,
  };

  const open = () => {
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/ws`;
    socket = new WebSocket(url);
    socket.onopen = () => {
      attempts = 0;
      context.resync();
    };
    socket.onmessage = (message) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const parsed = ServerEvent.safeParse(data);
      if (!parsed.success) return;
      recheckingSession = false;
      // Answers to this tab's own sends settle their promise; every other event has a handler.
      if (parsed.data.type === 'message_sent') return messages.sent(parsed.data);
      if (parsed.data.type === 'message_refused') return messages.refused(parsed.data);
      (handlers[parsed.data.type] as (event: ServerEvent, context: HandlerContext) => void)(parsed.data, context);
    };
    socket.onclose = (event) => {
      socket = null;
      messages.lost();
      if (stopped) return;
      if (event.code === AUTHENTICATION_REQUIRED) {
        if (recheckingSession) return options.onAuthenticationLost();
        recheckingSession = true;
        timer = setTimeout(open, SESSION_RECHECK_DELAY_MS);
        return;
      }
      // A drain (1012) comes back at once, spread so a drained instance's tabs do not all reach
      // the next one in the same millisecond; anything else backs off, capped and jittered.
      attempts += 1;
      timer = setTimeout(open, reconnectDelay(attempts, event.code));
    };
  };
  open();

  let lastTyping = 0;
  return {
    sendTyping(conversationId) {
      // The server forwards at most one a second; sending more would only be dropped.
      if (Date.now() - lastTyping < 1_000) return;
      lastTyping = Date.now();
      send({ type: 'typing', conversation_id: conversationId });
    },
    sendMessage(input) {
      return socket?.readyState === WebSocket.OPEN ? messages.send(input) : null;
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}

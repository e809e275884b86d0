import type { RawData, WebSocket } from 'ws';
import { ClientEvent, WS_CLOSE, type ServerEvent } from '../../contract/ws-events';
import type { Metrics } from '../observability/metrics';
import type { createSocketOutput } from './ws-output';
import { RecentIds } from './ws-recent-ids';
import type { SocketSender } from './ws-send';

/** A tab this far behind in reading its events is dropped; it reconnects and resyncs. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const MAX_HELD_EVENTS = 1000;
const MAX_INVALID_MESSAGES = 20;

/** Live events held back while a resync is sending what the tab missed, so it all arrives once and in order. */
export interface ResyncState {
  pending: number;
  chain: Promise<void>;
  sentIds: Set<number>;
  held: ServerEvent[];
}

/**
 * What the gateway keeps per open socket: a few fields, one bus subscription. The typing and
 * resync parts exist only once used, so an idle tab costs next to nothing beyond `ws` itself.
 */
export interface Connection extends SocketSender {
  socket: WebSocket;
  /** Which log-in session opened the socket, so a log-out closes exactly its tabs. */
  session: string;
  /** The session cookie itself, to check the session again now and then. */
  token: string;
  invalid: number;
  unsubscribe: () => void;
  /** Per conversation: when this tab last sent typing, and to whom (-1: not shown; 0: still being decided). */
  typing: Map<number, { at: number; otherId: number }> | null;
  resync: ResyncState | null;
  /** Message ids this socket was sent lately, which a resync must not send again (null until the first). */
  sentRecently: RecentIds | null;
}

export type DeliveryMetrics = Pick<Metrics['realtime'], 'messageDelivered'>;

/** Writes events to the tabs: once per message, never to a tab too far behind to read them. */
export function createDelivery(output: ReturnType<typeof createSocketOutput>, metrics?: DeliveryMetrics) {
  function send(connection: Connection, event: ServerEvent) {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    if (event.type === 'message_new') {
      // Once per socket: a resync may have sent it before its live event arrived (the bus lags
      // the commit under load), or the live event before the tab's resync asked for it.
      const sent = (connection.sentRecently ??= new RecentIds());
      if (sent.has(event.message.id)) return;
      sent.add(event.message.id);
    }
    output.send(socket, event);
    if (event.type === 'message_new') metrics?.messageDelivered();
  }

  /** A bus event for the member: to the tab, held back while it resyncs, or acted on (`session_ended`). */
  function forward(connection: Connection, event: ServerEvent) {
    // An ended session (log-out, password change or reset, deletion) closes its tabs here at
    // once; the event itself is for the gateway only.
    if (event.type === 'session_ended') {
      if (event.sessions.includes(connection.session)) connection.socket.close(WS_CLOSE.authenticationRequired, 'authentication_required');
      return;
    }
    const resync = connection.resync;
    if (!resync) return send(connection, event);
    if (resync.held.push(event) > MAX_HELD_EVENTS) connection.socket.terminate();
  }

  return { send, forward };
}

export type Delivery = ReturnType<typeof createDelivery>;

/** A client event, validated; null for anything else (binary, not JSON, not a known event). */
export function parseClientEvent(data: RawData, isBinary: boolean): ClientEvent | null {
  if (isBinary) return null;
  try {
    const parsed = ClientEvent.safeParse(JSON.parse(data.toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** One more invalid message from the tab; too many close it. */
export function countInvalid(connection: Connection) {
  connection.invalid += 1;
  if (connection.invalid === MAX_INVALID_MESSAGES) connection.socket.close(WS_CLOSE.tooManyInvalidMessages, 'too many invalid messages');
}

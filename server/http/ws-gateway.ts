import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import type { Language } from '../../contract/locales';
import { ClientEvent, WS_CLOSE, type ServerEvent } from '../../contract/ws-events';
import type { BlocksRepository } from '../db/repositories/blocks.repository';
import type { ChatSyncRepository } from '../db/repositories/chat-sync.repository';
import type { ChatRepository } from '../db/repositories/chat.repository';
import type { SessionsService } from '../domain/accounts/sessions.service';
import { sessionFingerprint } from '../domain/accounts/session-tokens';
import { presentMessage } from '../domain/chat/chat-presenter';
import { AppError } from '../domain/shared/app-error';
import { normalizeHost } from '../domain/sites/site-facts';
import type { EventBus } from '../realtime/event-bus';
import type { PresenceTracker } from '../realtime/presence';
import { SESSION_COOKIE } from './auth';
import { isSameOrigin } from './csrf';
import { spreadOverPeriod } from './spread-over-period';
import { createSocketOutput } from './ws-output';
import { RecentIds } from './ws-recent-ids';
import { createSocketSends, type SocketSendOptions, type SocketSender } from './ws-send';

export const WS_PATH = '/api/ws';
/** Room for the longest text a message may have (20,000 characters) in any script. */
const MAX_PAYLOAD_BYTES = 96 * 1024;
const MAX_INVALID_MESSAGES = 20;
const RESYNC_LIMIT = 500;
const TYPING_INTERVAL_MS = 1000;
/** Conversations whose typing state a socket remembers; a tab types in a handful at most. */
const TYPING_MEMORY = 32;
/** A tab this far behind in reading its events is dropped; it reconnects and resyncs. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const MAX_HELD_EVENTS = 1000;
/** A tab that has not answered the previous ping by the next one is dropped. */
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_STEP_MS = 100;
/**
 * Every open tab's session is checked again this often. Ended sessions close their tabs at once
 * through the bus (`session_ended`); this check is the fallback for an event that got lost (a
 * Redis outage). A tenth of the tabs each second, one query per 250 of them.
 */
const SESSION_CHECK_MS = 10_000;
const SESSION_CHECK_STEP_MS = 1_000;
const SESSION_CHECK_QUERY_SIZE = 250;

export interface WsGatewayOptions {
  sessions: Pick<SessionsService, 'findUserId' | 'findUserIds'>;
  bus: EventBus;
  chat: Pick<ChatRepository, 'findForMember'>;
  chatSync: ChatSyncRepository;
  /** Typing is not shown between members where either blocked the other. */
  blocks: Pick<BlocksRepository, 'between'>;
  /** `send_message`: the chat service, the sites and the translator the HTTP send uses. */
  messages: Omit<SocketSendOptions, 'onError'>;
  /** Protocol pings go out this often; a socket that has not answered the previous one is dropped. */
  heartbeatMs?: number;
  /** Open tabs' sessions are checked again this often. */
  sessionCheckMs?: number;
  /** Told of every socket opening and closing, so other instances and the worker know who is online. */
  presence?: Pick<PresenceTracker, 'opened' | 'closed'>;
  /** Milliseconds now, for the typing throttle (tests pass a manual clock). */
  now?: () => number;
  /**
   * The instance is draining (SIGTERM): a new socket is refused with 503 before the upgrade, so
   * the load balancer hands it to the next instance at once; accepted here, it would be closed
   * again with 1012 moments later and the tab would pay a second reconnect.
   */
  isShuttingDown?: () => boolean;
}

/** Live events held back while a resync is sending what the tab missed, so it all arrives once and in order. */
interface ResyncState {
  pending: number;
  chain: Promise<void>;
  sentIds: Set<number>;
  held: ServerEvent[];
}

/**
 * What the gateway keeps per open socket: a few fields, one bus subscription. The typing and
 * resync parts exist only once used, so an idle tab costs next to nothing beyond `ws` itself.
 */
interface Connection extends SocketSender {
  socket: WebSocket;
  /** Which log-in session opened the socket, so a log-out closes exactly its tabs. */
  session: string;
  /** The session cookie itself, to check the session again now and then. */
  token: string;
  invalid: number;
  unsubscribe: () => void;
  /** Per conversation: when this tab last sent typing, and to whom (-1: not the member's conversation). */
  typing: Map<number, { at: number; otherId: number }> | null;
  resync: ResyncState | null;
  /** Message ids this socket was sent lately, which a resync must not send again (null until the first). */
  sentRecently: RecentIds | null;
}

/**
 * `GET /api/ws`: one socket per browser tab, authenticated by the session cookie. Forwards the
 * member's bus events, relays typing, sends messages, answers resync and ping. A cross-site page is refused
 * before the upgrade (403); a tab without a valid session is accepted and closed with 4401,
 * which tells the browser to stop reconnecting (a refused upgrade looks like a network error).
 */
export async function wsGateway(app: FastifyInstance, options: WsGatewayOptions) {
  const { sessions, bus, chat, chatSync, blocks } = options;
  const now = options.now ?? Date.now;

  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_PAYLOAD_BYTES },
    // Shutting down: every tab is told to reconnect elsewhere (1012), not that it lost its
    // connection, so it comes back at once through the load balancer and resyncs.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(WS_CLOSE.serviceRestart, 'service_restart');
      this.websocketServer.close(() => done());
    },
    // A tab vanishing mid-frame is routine, not an error worth a page.
    errorHandler(error, socket, request) {
      request.log.info({ err: error }, 'websocket error');
      socket.terminate();
    },
  });

  const members = new WeakMap<FastifyRequest, { memberId: number; session: string; token: string; host: string; language: Language }>();
  const output = createSocketOutput();
  const sendMessage = createSocketSends({
    ...options.messages,
    onError: (error, memberId) => app.log.error({ err: error, memberId }, 'websocket send failed'),
  });
  const connections = new Map<WebSocket, Connection>();
  const awaitingPong = new Set<WebSocket>();

  // One timer for all sockets (per-socket timers would cost memory and wake-ups per idle tab),
  // each visiting a share of them per step so neither chore ever arrives as a burst.
  const heartbeat = spreadOverPeriod({
    periodMs: options.heartbeatMs ?? HEARTBEAT_MS,
    stepMs: HEARTBEAT_STEP_MS,
    items: () => connections.keys(),
    visit: pingOrDrop,
    onError: (error) => app.log.warn({ err: error }, 'websocket heartbeat failed'),
  });
  // A tab never waits for this check: sending used to look its session up first, once per
  // tab every 10 s, and those lookups queued in front of messages.
  const sessionCheck = spreadOverPeriod({
    periodMs: options.sessionCheckMs ?? SESSION_CHECK_MS,
    stepMs: SESSION_CHECK_STEP_MS,
    items: () => connections.values(),
    visit: closeEndedSessions,
    onError: (error) => app.log.warn({ err: error }, 'websocket session check failed'),
  });

  app.addHook('onClose', async () => {
    heartbeat.stop();
    sessionCheck.stop();
    output.flush();
  });

  /** Drops the sockets that never answered the last ping and pings the others. */
  function pingOrDrop(sockets: WebSocket[]) {
    for (const socket of sockets) {
      if (!connections.has(socket)) continue;
      if (awaitingPong.has(socket)) {
        socket.terminate();
        continue;
      }
      awaitingPong.add(socket);
      socket.ping();
    }
  }

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
  }

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

  function parse(data: RawData, isBinary: boolean): ClientEvent | null {
    if (isBinary) return null;
    try {
      const parsed = ClientEvent.safeParse(JSON.parse(data.toString()));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  function countInvalid(connection: Connection) {
    connection.invalid += 1;
    if (connection.invalid === MAX_INVALID_MESSAGES) connection.socket.close(WS_CLOSE.tooManyInvalidMessages, 'too many invalid messages');
  }

  async function relayTyping(connection: Connection, conversationId: number) {
    const at = now();
    const typing = (connection.typing ??= new Map());
    let entry = typing.get(conversationId);
    if (entry && at - entry.at < TYPING_INTERVAL_MS) return;
    if (!entry) {
      if (typing.size >= TYPING_MEMORY) typing.clear();
      entry = { at, otherId: 0 };
      typing.set(conversationId, entry);
      const conversation = await chat.findForMember(conversationId, connection.memberId);
      entry.otherId = !conversation ? -1 : conversation.memberA === connection.memberId ? conversation.memberB : conversation.memberA;
      // Probing other pairs' conversations counts as abuse, like any invalid message.
      if (!conversation) return countInvalid(connection);
      const relation = await blocks.between(connection.memberId, entry.otherId);
      if (relation.viewerBlocked || relation.blockedByOther) entry.otherId = -1;
    }
    entry.at = at;
    if (entry.otherId > 0) await bus.publish(entry.otherId, { type: 'typing', conversation_id: conversationId, profile_id: connection.memberId });
  }

  async function sendMissed(connection: Connection, state: ResyncState, afterMessageId: number | undefined) {
    // Listening first, then reading: a message committed in between arrives live (and is deduplicated below).
    await bus.subscribed(connection.memberId);
    // A tab without a cursor starts from its page data: replaying the whole history would show
    // every old message as new. It gets the cursor for its next resync instead.
    if (afterMessageId === undefined) {
      send(connection, { type: 'resync_done', last_message_id: await chatSync.newestMessageId(connection.memberId), has_more: false });
      return;
    }
    const rows = await chatSync.messagesSince(connection.memberId, afterMessageId, RESYNC_LIMIT);
    for (const row of rows) {
      const message = presentMessage(row);
      // Sent live moments ago (on the wire when the tab asked, or since the socket opened):
      // the tab has it or is about to, and `send` drops a second copy.
      if (state.sentIds.has(message.id)) continue;
      state.sentIds.add(message.id);
      send(connection, { type: 'message_new', message });
    }
    const last = rows.length ? Number(rows[rows.length - 1].id) : afterMessageId;
    send(connection, { type: 'resync_done', last_message_id: last, has_more: rows.length === RESYNC_LIMIT });
  }

  function resync(connection: Connection, afterMessageId: number | undefined) {
    const state = (connection.resync ??= { pending: 0, chain: Promise.resolve(), sentIds: new Set(), held: [] });
    state.pending += 1;
    state.chain = state.chain
      .then(() => sendMissed(connection, state, afterMessageId))
      .catch((error: unknown) => app.log.warn({ err: error, memberId: connection.memberId }, 'websocket resync failed'))
      .finally(() => {
        state.pending -= 1;
        if (state.pending) return;
        connection.resync = null;
        for (const event of state.held) {
          if (event.type === 'message_new' && state.sentIds.has(event.message.id)) continue;
          send(connection, event);
        }
      });
  }

  /** Closes the tabs whose session has ended (4401: the browser stops reconnecting). */
  async function closeEndedSessions(share: Connection[]) {
    for (let start = 0; start < share.length; start += SESSION_CHECK_QUERY_SIZE) {
      const chunk = share.slice(start, start + SESSION_CHECK_QUERY_SIZE).filter((connection) => connections.has(connection.socket));
      const live = await sessions.findUserIds([...new Set(chunk.map((connection) => connection.token))]);
      for (const connection of chunk) {
        if (live.get(connection.token) !== connection.memberId) connection.socket.close(WS_CLOSE.authenticationRequired, 'authentication_required');
      }
    }
  }

  function receive(this: WebSocket, data: RawData, isBinary: boolean) {
    const connection = connections.get(this);
    if (!connection) return;
    awaitingPong.delete(this);
    const event = parse(data, isBinary);
    if (!event) return countInvalid(connection);
    switch (event.type) {
      case 'ping':
        return send(connection, { type: 'pong' });
      case 'resync':
        return resync(connection, event.after_message_id);
      case 'typing':
        relayTyping(connection, event.conversation_id).catch((error: unknown) => app.log.warn({ err: error }, 'websocket typing failed'));
        return;
      case 'send_message':
        sendMessage(connection, event, (answer) => send(connection, answer)).catch((error: unknown) => app.log.warn({ err: error }, 'websocket send failed'));
    }
  }

  function answered(this: WebSocket) {
    awaitingPong.delete(this);
  }

  function closed(this: WebSocket) {
    const connection = connections.get(this);
    connections.delete(this);
    awaitingPong.delete(this);
    if (!connection) return;
    connection.unsubscribe();
    options.presence?.closed(connection.memberId);
  }

  app.get(
    WS_PATH,
    {
      websocket: true,
      // Runs before the upgrade: a refusal here never becomes a socket.
      preValidation: async (request, reply) => {
        if (!request.ws) return;
        if (options.isShuttingDown?.()) return reply.code(503).header('retry-after', '1').send({ status: 'shutting_down' });
        if (!isSameOrigin(request)) throw new AppError('csrf_failed', { detail: 'cross-site websocket' });
        const token = request.cookies?.[SESSION_COOKIE];
        const memberId = token ? await sessions.findUserId(token) : null;
        if (memberId && token) members.set(request, { memberId, session: sessionFingerprint(token), token, host: normalizeHost(request.hostname), language: request.language });
      },
    },
    (socket, request) => {
      const owner = members.get(request);
      members.delete(request);
      if (!owner) {
        socket.close(WS_CLOSE.authenticationRequired, 'authentication_required');
        return;
      }
      const connection: Connection = { ...owner, socket, sending: 0, invalid: 0, unsubscribe: () => {}, typing: null, resync: null, sentRecently: null };
      const { memberId } = owner;
      connections.set(socket, connection);
      connection.unsubscribe = bus.subscribe(memberId, (event) => forward(connection, event));
      options.presence?.opened(memberId);
      // Shared listeners (`this` is the socket): no closures per socket beyond the bus handler.
      socket.on('message', receive);
      socket.on('pong', answered);
      socket.on('close', closed);
    },
  );
}

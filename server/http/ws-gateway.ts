import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import type { Language } from '../../contract/locales';
import { WS_CLOSE } from '../../contract/ws-events';
import type { SessionsService } from '../domain/accounts/sessions.service';
import { sessionFingerprint } from '../domain/accounts/session-tokens';
import type { ChatRealtimeService } from '../domain/chat/chat-realtime.service';
import { AppError } from '../domain/shared/app-error';
import { normalizeHost } from '../domain/sites/site-facts';
import type { Metrics } from '../observability/metrics';
import type { EventBus } from '../realtime/event-bus';
import type { PresenceTracker } from '../realtime/presence';
import { SESSION_COOKIE } from './auth';
import { isSameOrigin } from './csrf';
import { countInvalid, createDelivery, parseClientEvent, type Connection } from './ws-connection';
import { createSocketOutput } from './ws-output';
import { createResyncs } from './ws-resync';
import { createSocketSends, type SocketSendOptions } from './ws-send';
import { createTypingRelay } from './ws-typing';
import { startUpkeep } from './ws-upkeep';

export const WS_PATH = '/api/ws';
/** Room for the longest text a message may have (20,000 characters) in any script. */
const MAX_PAYLOAD_BYTES = 96 * 1024;

export interface WsGatewayOptions {
  sessions: Pick<SessionsService, 'findUserId' | 'findUserIds'>;
  bus: EventBus;
  /** The chat's rules for sockets: who sees typing, what a reconnecting tab gets. */
  chat: Pick<ChatRealtimeService, 'decideTyping' | 'resyncSince'>;
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
  /** Counts the open sockets (read at each scrape), the messages written to them and the bus's interruptions. */
  metrics?: Pick<Metrics['realtime'], 'countSockets' | 'messageDelivered'> & Partial<Pick<Metrics['realtime'], 'busInterrupted' | 'sessionCheckRoundDone'>>;
  /**
   * The instance is draining (SIGTERM): a new socket is refused with 503 before the upgrade, so
   * the load balancer hands it to the next instance at once; accepted here, it would be closed
   * again with 1012 moments later and the tab would pay a second reconnect.
   */
  isShuttingDown?: () => boolean;
}

/** Who an upgrade request belongs to, found before the upgrade. */
interface Owner {
  memberId: number;
  session: string;
  token: string;
  host: string;
  language: Language;
}

/**
 * `GET /api/ws`: one socket per browser tab, authenticated by the session cookie. Forwards the
 * member's bus events and routes the tab's events to the chat (typing, resync, send); the rules
 * live there. A cross-site page is refused before the upgrade (403); a tab without a valid
 * session is accepted and closed with 4401, which tells the browser to stop reconnecting (a
 * refused upgrade looks like a network error).
 */
export async function wsGateway(app: FastifyInstance, options: WsGatewayOptions) {
  await registerWebsocket(app);
  const owners = new WeakMap<FastifyRequest, Owner>();
  const connections = new Map<WebSocket, Connection>();
  const awaitingPong = new Set<WebSocket>();
  const output = createSocketOutput();
  const delivery = createDelivery(output, options.metrics);
  options.metrics?.countSockets(() => connections.size);
  const stopUpkeep = startUpkeep({ ...options, connections, awaitingPong, log: app.log });
  app.addHook('onClose', async () => {
    stopUpkeep();
    output.flush();
  });
  const listeners = createSocketListeners(app, options, connections, awaitingPong, delivery);

  app.get(
    WS_PATH,
    {
      websocket: true,
      // Runs before the upgrade: a refusal here never becomes a socket.
      preValidation: (request, reply) => authenticateUpgrade(request, reply, options, owners),
    },
    (socket, request) => {
      const owner = owners.get(request);
      owners.delete(request);
      if (!owner) return socket.close(WS_CLOSE.authenticationRequired, 'authentication_required');
      const connection: Connection = { ...owner, socket, sending: 0, invalid: 0, unsubscribe: () => {}, typing: null, resync: null, sentRecently: null };
      connections.set(socket, connection);
      connection.unsubscribe = options.bus.subscribe(owner.memberId, (event) => delivery.forward(connection, event));
      options.presence?.opened(owner.memberId);
      // Shared listeners (`this` is the socket): no closures per socket beyond the bus handler.
      socket.on('message', listeners.receive);
      socket.on('pong', listeners.answered);
      socket.on('close', listeners.closed);
      // Lost while its session was being checked: the interruption did not see this socket.
      if (!options.bus.isListening()) socket.close(WS_CLOSE.serviceRestart, 'service_restart');
    },
  );
}

async function registerWebsocket(app: FastifyInstance) {
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
}

/** Refuses a draining instance, a deaf bus and a cross-site page; notes whose session the cookie is. */
async function authenticateUpgrade(request: FastifyRequest, reply: FastifyReply, options: WsGatewayOptions, owners: WeakMap<FastifyRequest, Owner>) {
  if (!request.ws) return;
  if (options.isShuttingDown?.()) return reply.code(503).header('retry-after', '1').send({ status: 'shutting_down' });
  // A tab accepted now would hear nothing published elsewhere: it retries with backoff.
  if (!options.bus.isListening()) return reply.code(503).header('retry-after', '1').send({ status: 'realtime_unavailable' });
  if (!isSameOrigin(request)) throw new AppError('csrf_failed', { detail: 'cross-site websocket' });
  const token = request.cookies?.[SESSION_COOKIE];
  const memberId = token ? await options.sessions.findUserId(token) : null;
  if (memberId && token)
    owners.set(request, { memberId, session: sessionFingerprint(token), token, host: normalizeHost(request.hostname), language: request.language });
}

/** The listeners every socket shares (`this` is the socket): its messages, pongs and close. */
function createSocketListeners(
  app: FastifyInstance,
  options: WsGatewayOptions,
  connections: Map<WebSocket, Connection>,
  awaitingPong: Set<WebSocket>,
  delivery: ReturnType<typeof createDelivery>,
) {
  const { send } = delivery;
  const relayTyping = createTypingRelay({ chat: options.chat, bus: options.bus, now: options.now ?? Date.now });
  const resync = createResyncs({
    chat: options.chat,
    bus: options.bus,
    delivery,
    onError: (error, memberId) => app.log.warn({ err: error, memberId }, 'websocket resync failed'),
  });
  const sendMessage = createSocketSends({
    ...options.messages,
    onError: (error, memberId) => app.log.error({ err: error, memberId }, 'websocket send failed'),
  });

  function receive(this: WebSocket, data: RawData, isBinary: boolean) {
    const connection = connections.get(this);
    if (!connection) return;
    awaitingPong.delete(this);
    const event = parseClientEvent(data, isBinary);
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

  return { receive, answered, closed };
}

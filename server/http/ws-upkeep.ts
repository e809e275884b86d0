import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { WS_CLOSE } from '../../contract/ws-events';
import type { SessionsService } from '../domain/accounts/sessions.service';
import type { Metrics } from '../observability/metrics';
import type { EventBus } from '../realtime/event-bus';
import { spreadOverPeriod } from './spread-over-period';
import type { Connection } from './ws-connection';

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

export interface UpkeepOptions {
  connections: Map<WebSocket, Connection>;
  /** Sockets pinged and not heard from since. */
  awaitingPong: Set<WebSocket>;
  sessions: Pick<SessionsService, 'findUserIds'>;
  bus: Pick<EventBus, 'onInterrupted'>;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  sessionCheckMs?: number;
  metrics?: Partial<Pick<Metrics['realtime'], 'busInterrupted' | 'sessionCheckRoundDone'>>;
}

/**
 * The gateway's chores over all open tabs: pings that drop the silent, session checks that close
 * ended sessions, and a reconnect for every tab when the bus lost events. One timer per chore
 * for all sockets (per-socket timers would cost memory and wake-ups per idle tab), each visiting
 * a share of them per step so neither chore ever arrives as a burst. Returns the stop function.
 */
export function startUpkeep(options: UpkeepOptions): () => void {
  const { connections, awaitingPong, log } = options;
  const heartbeat = spreadOverPeriod({
    periodMs: options.heartbeatMs ?? HEARTBEAT_MS,
    stepMs: HEARTBEAT_STEP_MS,
    items: () => connections.keys(),
    visit: (sockets) => pingOrDrop(sockets, connections, awaitingPong),
    onError: (error) => log.warn({ err: error }, 'websocket heartbeat failed'),
  });
  // A tab never waits for this check: sending used to look its session up first, once per
  // tab every 10 s, and those lookups queued in front of messages.
  const sessionCheck = spreadOverPeriod({
    periodMs: options.sessionCheckMs ?? SESSION_CHECK_MS,
    stepMs: SESSION_CHECK_STEP_MS,
    items: () => connections.values(),
    visit: (share) => closeEndedSessions(share, connections, options.sessions),
    onError: (error) => log.warn({ err: error }, 'websocket session check failed'),
    onRoundDone: () => options.metrics?.sessionCheckRoundDone?.(),
  });
  // The bus lost Redis: events to these tabs may be gone, and an open socket never resyncs. Each
  // is told to reconnect (1012), is refused until the bus listens again, and then resyncs.
  const stopHearingInterruptions = options.bus.onInterrupted(() => {
    options.metrics?.busInterrupted?.();
    log.warn({ sockets: connections.size }, 'realtime bus interrupted: every open tab reconnects and resyncs');
    for (const connection of connections.values()) connection.socket.close(WS_CLOSE.serviceRestart, 'service_restart');
  });
  return () => {
    stopHearingInterruptions();
    heartbeat.stop();
    sessionCheck.stop();
  };
}

/** Drops the sockets that never answered the last ping and pings the others. */
function pingOrDrop(sockets: WebSocket[], connections: Map<WebSocket, Connection>, awaitingPong: Set<WebSocket>) {
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

/** Closes the tabs whose session has ended (4401: the browser stops reconnecting). */
async function closeEndedSessions(share: Connection[], connections: Map<WebSocket, Connection>, sessions: Pick<SessionsService, 'findUserIds'>) {
  for (let start = 0; start < share.length; start += SESSION_CHECK_QUERY_SIZE) {
    const chunk = share.slice(start, start + SESSION_CHECK_QUERY_SIZE).filter((connection) => connections.has(connection.socket));
    const live = await sessions.findUserIds([...new Set(chunk.map((connection) => connection.token))]);
    for (const connection of chunk) {
      if (live.get(connection.token) !== connection.memberId) connection.socket.close(WS_CLOSE.authenticationRequired, 'authentication_required');
    }
  }
}

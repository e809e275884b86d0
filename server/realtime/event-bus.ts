import type { ServerEvent } from '../../contract/ws-events';
import { createMemoryBus } from './memory-bus';
import { createRedisBus } from './redis-bus';

export type EventHandler = (event: ServerEvent) => void;

/**
 * Fans realtime events out to a member's open sockets, wherever they are connected. Services
 * publish after commit; the WebSocket gateway subscribes once per socket. Delivery is best
 * effort: a tab that was away asks for what it missed (`resync`), so nothing depends on an
 * event arriving.
 */
export interface EventBus {
  /** Sends an event to every socket of the member, on every instance. */
  publish(memberId: number, event: ServerEvent): Promise<void>;
  /** Calls `handler` for each event published to the member until the returned function is called. */
  subscribe(memberId: number, handler: EventHandler): () => void;
  /**
   * Resolves once events published to the member from now on reach this process. A resync
   * waits for it before reading the database, so no message falls between the two.
   */
  subscribed(memberId: number): Promise<void>;
  /**
   * False while events published on other instances may not reach this process (its Redis
   * subscription is down). The gateway accepts no socket meanwhile: it could not be kept current.
   */
  isListening(): boolean;
  /**
   * Calls `listener` each time this process stops hearing published events (Redis lost). Events
   * to open sockets may have been lost since: the gateway closes them so each tab reconnects
   * and resyncs. Returns the function that stops listening.
   */
  onInterrupted(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface EventBusOptions {
  /** Redis pub/sub across instances when set; otherwise events stay in this process. */
  redisUrl?: string;
  /** `sharded`: SPUBLISH/SSUBSCRIBE instead of PUBLISH/SUBSCRIBE (REDIS_PUBSUB, ADR 0080). */
  pubsub?: 'classic' | 'sharded';
  /** Channel name prefix, so deployments (or test runs) sharing one Redis never see each other's events. */
  channelPrefix?: string;
  /** Where a failing handler or a malformed payload is reported; the bus itself never throws at publishers. */
  onError?: (error: unknown) => void;
}

/** The in-process bus by default; Redis pub/sub when `redisUrl` is configured (several instances). */
export function createEventBus(options: EventBusOptions = {}): EventBus {
  const { redisUrl, ...rest } = options;
  return redisUrl ? createRedisBus(redisUrl, rest) : createMemoryBus(rest);
}

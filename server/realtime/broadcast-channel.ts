import { Redis } from 'ioredis';
import { watchRedisConnection } from './redis-connection';

/**
 * A tiny fan-out to every running instance, this one included: in-process handlers by default,
 * Redis pub/sub on one channel when `redisUrl` is set. The site and page change buses are this
 * with their own message shape; Redis is outside the process, so what does not decode is ignored.
 *
 * Without Redis a publish fails at once instead of waiting in ioredis's offline queue (callers
 * await it before answering a request). Messages published during an outage are lost; a channel
 * with a `reset` message makes up for that when Redis is back (see `reset`).
 */
export interface BroadcastChannel<T> {
  publish(message: T): Promise<void>;
  /** Calls `handler` for every message until the returned function is called. */
  subscribe(handler: (message: T) => void): () => void;
  /** Resolves once this instance receives what is published from now on. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface BroadcastChannelOptions<T> {
  redisUrl?: string;
  channel: string;
  encode(message: T): string;
  /** Null for a payload this channel does not carry. */
  decode(payload: string): T | null;
  onError: (error: unknown) => void;
  /**
   * "Anything may have changed": delivered on this instance when it hears the channel again
   * after an outage, and published once this instance's publisher is back after a publish failed.
   */
  reset?: T;
}

const DELIVERED: Promise<void> = Promise.resolve();

export function createBroadcastChannel<T>(options: BroadcastChannelOptions<T>): BroadcastChannel<T> {
  const { channel, onError } = options;
  const handlers = new Set<(message: T) => void>();
  const deliver = (message: T) => {
    for (const handler of handlers) {
      try {
        handler(message);
      } catch (error) {
        onError(error);
      }
    }
  };
  const subscribe = (handler: (message: T) => void) => {
    handlers.add(handler);
    return () => void handlers.delete(handler);
  };
  if (!options.redisUrl) {
    return {
      // Delivered already: one settled promise answers every publish (a chat message
      // announces three page changes, and a promise each was garbage, issue 36).
      publish(message) {
        deliver(message);
        return DELIVERED;
      },
      subscribe,
      ready: async () => {},
      async close() {
        handlers.clear();
      },
    };
  }

  const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  // ioredis subscribes again after a reconnect (autoResubscribe).
  const subscriber = new Redis(options.redisUrl);
  const publisherLink = watchRedisConnection(publisher, onError);
  const subscriberLink = watchRedisConnection(subscriber, onError);
  const { reset } = options;
  let publishFailed = false;
  if (reset !== undefined) {
    subscriberLink.onRestored(() => deliver(reset));
    publisherLink.onRestored(() => {
      if (!publishFailed) return;
      publishFailed = false;
      publisher.publish(channel, options.encode(reset)).catch(onError);
    });
  }
  const subscribed = subscriber.subscribe(channel).then(
    () => {},
    (error: unknown) => onError(error),
  );
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    const message = options.decode(payload);
    if (message === null) return onError(new Error(`ignored a malformed message on ${channel}`));
    deliver(message);
  });
  return {
    async publish(message) {
      if (publisherLink.isDown) {
        publishFailed = true;
        // The reset makes up for it once Redis is back, and the outage was reported once already.
        if (reset !== undefined) return;
        throw new Error(`redis unreachable: not published on ${channel}`);
      }
      try {
        await publisher.publish(channel, options.encode(message));
      } catch (error) {
        publishFailed = true;
        throw error;
      }
    },
    subscribe,
    ready: () => subscribed,
    async close() {
      publisherLink.stop();
      subscriberLink.stop();
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

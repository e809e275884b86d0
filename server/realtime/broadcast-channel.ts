import { Redis } from 'ioredis';

/**
 * A tiny fan-out to every running instance, this one included: in-process handlers by default,
 * Redis pub/sub on one channel when `redisUrl` is set. The site and page change buses are this
 * with their own message shape; Redis is outside the process, so what does not decode is ignored.
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
}

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
      async publish(message) {
        deliver(message);
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
  publisher.on('error', onError);
  subscriber.on('error', onError);
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
      await publisher.publish(channel, options.encode(message));
    },
    subscribe,
    ready: () => subscribed,
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

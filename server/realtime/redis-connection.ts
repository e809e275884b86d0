import type { Redis } from 'ioredis';

/**
 * Whether one ioredis connection is usable right now, and when it stops or starts being so.
 * ioredis reconnects by itself and keeps commands in its offline queue meanwhile; what it does
 * not do is tell the code above that events may have been missed, or stop repeating the same
 * connection error every retry. This does both.
 */
export interface RedisConnectionWatch {
  /** Connected and answering commands. */
  readonly isUp: boolean;
  /** Lost, or never reached since start-up: a command would wait in the offline queue. */
  readonly isDown: boolean;
  /** Calls `listener` when a connection that was up is lost. */
  onLost(listener: () => void): () => void;
  /** Calls `listener` when the connection is up again after being down (a failed start included). */
  onRestored(listener: () => void): () => void;
  /** Stops listening (before `quit`, so a deliberate close is not reported as an outage). */
  stop(): void;
}

/**
 * Watches `client`. Only the first connection error of each outage reaches `onError`: ioredis
 * emits one per reconnection attempt, which would be a log line every two seconds per connection.
 */
export function watchRedisConnection(client: Redis, onError: (error: unknown) => void): RedisConnectionWatch {
  let state: 'connecting' | 'up' | 'down' = client.status === 'ready' ? 'up' : 'connecting';
  let reportedThisOutage = false;
  const lost = new Set<() => void>();
  const restored = new Set<() => void>();
  const notify = (listeners: Set<() => void>) => {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        onError(error);
      }
    }
  };

  const onReady = () => {
    const wasDown = state === 'down';
    state = 'up';
    reportedThisOutage = false;
    if (wasDown) notify(restored);
  };
  const onGone = () => {
    if (state === 'down') return;
    const wasUp = state === 'up';
    state = 'down';
    if (wasUp) notify(lost);
  };
  const onClientError = (error: unknown) => {
    if (state === 'up') return onError(error);
    if (reportedThisOutage) return;
    reportedThisOutage = true;
    onError(error);
  };
  client.on('ready', onReady);
  client.on('close', onGone);
  client.on('reconnecting', onGone);
  client.on('end', onGone);
  client.on('error', onClientError);

  const listen = (listeners: Set<() => void>, listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get isUp() {
      return state === 'up';
    },
    get isDown() {
      return state === 'down';
    },
    onLost: (listener) => listen(lost, listener),
    onRestored: (listener) => listen(restored, listener),
    stop() {
      lost.clear();
      restored.clear();
      client.off('ready', onReady);
      client.off('close', onGone);
      client.off('reconnecting', onGone);
      client.off('end', onGone);
      // Keep a listener: an 'error' without one would be thrown by the EventEmitter.
      client.off('error', onClientError);
      client.on('error', () => {});
    },
  };
}

import { Redis } from 'ioredis';
import { ServerEvent } from '../../contract/ws-events';
import type { EventBus } from './event-bus';
import { createLocalSubscribers } from './memory-bus';
import { watchRedisConnection } from './redis-connection';

export const DEFAULT_CHANNEL_PREFIX = 'rdv:member:';

/**
 * Redis pub/sub for several app instances: one channel per member (`rdv:member:<id>`), one
 * publishing and one subscribed connection per process. An instance listens on a member's
 * channel only while that member has a socket open on it, so Redis sends each instance only
 * what its own sockets need. Payloads are checked against the contract on receipt: Redis is
 * outside this process, and a foreign or stale publisher must not reach the browser.
 *
 * When the subscribed connection drops, whatever was published meanwhile is gone for good
 * (pub/sub keeps nothing), so the bus tells the gateway (`onInterrupted`), which closes its
 * sockets with 1012: each tab reconnects once Redis is back and resyncs from its last message.
 * Publishes wait in ioredis's offline queue meanwhile, so an event committed while this
 * instance's publisher is still reconnecting reaches a tab another instance already accepted.
 */
export function createRedisBus(
  url: string,
  options: { channelPrefix?: string; onError?: (error: unknown) => void; pubsub?: 'classic' | 'sharded' } = {},
): EventBus & { readonly memberCount: number } {
  const prefix = options.channelPrefix ?? DEFAULT_CHANNEL_PREFIX;
  // Sharded pub/sub (Redis 7, ADR 0080): the same one channel per member, as shard channels. A
  // Redis Cluster then keeps each member's traffic on the shard that owns their channel's slot
  // instead of broadcasting every event to every node.
  const sharded = options.pubsub === 'sharded';
  const onError = options.onError ?? ((error: unknown) => console.error('realtime redis bus', error));
  const local = createLocalSubscribers(onError);
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  // Subscriptions are replayed by ioredis after a reconnect (autoResubscribe); commands wait in its offline queue meanwhile.
  const subscriber = new Redis(url);
  const publisherLink = watchRedisConnection(publisher, onError);
  const subscriberLink = watchRedisConnection(subscriber, onError);
  const interrupted = new Set<() => void>();
  const interrupt = () => {
    for (const listener of [...interrupted]) listener();
  };
  subscriberLink.onLost(interrupt);
  /** The SUBSCRIBE still on its way, per member: a resync waits for it. */
  const pending = new Map<number, Promise<void>>();

  subscriber.on(sharded ? 'smessage' : 'message', (channel: string, payload: string) => {
    if (!channel.startsWith(prefix)) return;
    const memberId = Number(channel.slice(prefix.length));
    if (!local.has(memberId)) return;
    let event: ServerEvent;
    try {
      event = ServerEvent.parse(JSON.parse(payload));
    } catch (error) {
      onError(new Error(`ignored a malformed realtime event on ${channel}`, { cause: error }));
      return;
    }
    local.deliver(memberId, event);
  });

  function listen(memberId: number) {
    const subscribing: Promise<void> = (sharded ? subscriber.ssubscribe(prefix + memberId) : subscriber.subscribe(prefix + memberId))
      .then(
        () => {},
        (error: unknown) => {
          onError(error);
          // A member still listened to without a subscription would miss events on an open socket.
          if (local.has(memberId)) interrupt();
        },
      )
      .finally(() => {
        if (pending.get(memberId) === subscribing) pending.delete(memberId);
      });
    pending.set(memberId, subscribing);
  }

  function stopListening(memberId: number) {
    pending.delete(memberId);
    // Commands on one connection run in order, so a quick unsubscribe-then-subscribe ends subscribed.
    (sharded ? subscriber.sunsubscribe(prefix + memberId) : subscriber.unsubscribe(prefix + memberId)).catch(onError);
  }

  return {
    async publish(memberId, event) {
      try {
        const payload = JSON.stringify(event);
        await (sharded ? publisher.spublish(prefix + memberId, payload) : publisher.publish(prefix + memberId, payload));
      } catch (error) {
        // Redis away: every instance's subscription is down too, so their tabs were told to
        // resync, and the outage was reported once already. Not an error for each publisher.
        if (!publisherLink.isUp) return;
        throw error;
      }
    },
    subscribe(memberId, handler) {
      if (local.add(memberId, handler)) listen(memberId);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        if (local.remove(memberId, handler)) stopListening(memberId);
      };
    },
    subscribed: (memberId) => pending.get(memberId) ?? Promise.resolve(),
    isListening: () => subscriberLink.isUp,
    onInterrupted(listener) {
      interrupted.add(listener);
      return () => void interrupted.delete(listener);
    },
    get memberCount() {
      return local.memberCount;
    },
    async close() {
      interrupted.clear();
      publisherLink.stop();
      subscriberLink.stop();
      local.clear();
      pending.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

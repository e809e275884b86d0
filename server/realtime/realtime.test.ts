import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '../../contract/ws-events';
import { createEventBus, type EventBus } from './event-bus';
import { createMemoryBus } from './memory-bus';
import { createRedisBus } from './redis-bus';
import { testEnv } from '../../tests/setup/test-env';

const redisUrl = testEnv.redisUrl;
const counters = (unread: number): ServerEvent => ({ type: 'counters', unread_messages: unread });

/** The behaviour every bus shares; each implementation runs it. */
function busContract(makeBus: (onError?: (error: unknown) => void) => EventBus) {
  it('delivers an event to every handler of the member, in publish order, and to no other member', async () => {
    const bus = makeBus();
    const anna1: ServerEvent[] = [];
    const anna2: ServerEvent[] = [];
    const ben: ServerEvent[] = [];
    bus.subscribe(1, (event) => anna1.push(event));
    bus.subscribe(1, (event) => anna2.push(event));
    bus.subscribe(2, (event) => ben.push(event));
    await Promise.all([bus.subscribed(1), bus.subscribed(2)]);
    await bus.publish(1, counters(1));
    await bus.publish(1, counters(2));
    await vi.waitFor(() => expect(anna2).toHaveLength(2));
    expect(anna1).toEqual([counters(1), counters(2)]);
    expect(anna2).toEqual([counters(1), counters(2)]);
    await bus.publish(2, { type: 'pong' });
    await vi.waitFor(() => expect(ben).toEqual([{ type: 'pong' }]));
    expect(anna1).toHaveLength(2);
    await bus.close();
  });

  it('stops delivering once unsubscribed, and unsubscribing twice is harmless', async () => {
    const bus = makeBus();
    const kept: ServerEvent[] = [];
    const dropped: ServerEvent[] = [];
    bus.subscribe(7, (event) => kept.push(event));
    const unsubscribe = bus.subscribe(7, (event) => dropped.push(event));
    unsubscribe();
    unsubscribe();
    await bus.subscribed(7);
    await bus.publish(7, counters(3));
    await vi.waitFor(() => expect(kept).toEqual([counters(3)]));
    expect(dropped).toEqual([]);
    await bus.close();
  });

  it('keeps delivering to the other handlers when one throws', async () => {
    const errors: unknown[] = [];
    const bus = makeBus((error) => errors.push(error));
    const received: ServerEvent[] = [];
    bus.subscribe(9, () => {
      throw new Error('handler broke');
    });
    bus.subscribe(9, (event) => received.push(event));
    await bus.subscribed(9);
    await bus.publish(9, { type: 'pong' });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(errors).toHaveLength(1);
    await bus.close();
  });
}

describe('memory bus', () => {
  busContract((onError) => createMemoryBus({ onError }));

  it('is what createEventBus gives without a Redis URL', async () => {
    const bus = createEventBus({});
    const received: ServerEvent[] = [];
    bus.subscribe(3, (event) => received.push(event));
    await bus.publish(3, { type: 'pong' });
    expect(received).toEqual([{ type: 'pong' }]);
    await bus.close();
  });

  it('has delivered by the time publish returns, and answers every publish with the same settled promise', async () => {
    const bus = createMemoryBus();
    const received: ServerEvent[] = [];
    bus.subscribe(5, (event) => received.push(event));
    const first = bus.publish(5, counters(1));
    expect(received).toEqual([counters(1)]);
    // Nothing to wait for in one process: a chat message publishes three times, and no publish allocates a promise.
    expect(bus.publish(6, counters(2))).toBe(first);
    await expect(first).resolves.toBeUndefined();
  });

  it('forgets a member once their last handler is gone', async () => {
    const bus = createMemoryBus();
    const first = bus.subscribe(4, () => {});
    const second = bus.subscribe(4, () => {});
    first();
    expect(bus.hasSubscribers(4)).toBe(true);
    second();
    expect(bus.hasSubscribers(4)).toBe(false);
    expect(bus.memberCount).toBe(0);
  });
});

describe.runIf(!!redisUrl)('redis bus', () => {
  const prefix = `rdv-test:bus-${process.pid}-${Date.now()}:member:`;
  const inspector = redisUrl ? new Redis(redisUrl) : null;
  afterAll(async () => {
    await inspector?.quit();
  });
  const listeners = async (memberId: number) => {
    const [, count] = (await inspector!.pubsub('NUMSUB', `${prefix}${memberId}`)) as [string, number];
    return Number(count);
  };

  busContract((onError) => createRedisBus(redisUrl!, { channelPrefix: prefix, onError }));

  it('fans an event out from one instance to another', async () => {
    const a = createEventBus({ redisUrl, channelPrefix: prefix });
    const b = createEventBus({ redisUrl, channelPrefix: prefix });
    const received: ServerEvent[] = [];
    b.subscribe(11, (event) => received.push(event));
    await b.subscribed(11);
    await a.publish(11, { type: 'like_new', profile_id: 5 });
    await vi.waitFor(() => expect(received).toEqual([{ type: 'like_new', profile_id: 5 }]));
    await Promise.all([a.close(), b.close()]);
  });

  it('listens on a member’s channel only while a local handler for them exists', async () => {
    const bus = createRedisBus(redisUrl!, { channelPrefix: prefix });
    expect(await listeners(12)).toBe(0);
    const first = bus.subscribe(12, () => {});
    const second = bus.subscribe(12, () => {});
    await bus.subscribed(12);
    expect(await listeners(12)).toBe(1);
    first();
    await vi.waitFor(async () => expect(await listeners(12)).toBe(1));
    second();
    await vi.waitFor(async () => expect(await listeners(12)).toBe(0));
    // A quick close-and-reopen (a tab reloading) ends subscribed.
    const again = bus.subscribe(12, () => {});
    again();
    bus.subscribe(12, () => {});
    await bus.subscribed(12);
    expect(await listeners(12)).toBe(1);
    await bus.close();
  });

  it('drops payloads that are not a valid event', async () => {
    const errors: unknown[] = [];
    const bus = createRedisBus(redisUrl!, { channelPrefix: prefix, onError: (error) => errors.push(error) });
    const received: ServerEvent[] = [];
    bus.subscribe(13, (event) => received.push(event));
    await bus.subscribed(13);
    await inspector!.publish(`${prefix}13`, 'not json');
    await inspector!.publish(`${prefix}13`, JSON.stringify({ type: 'message_new', message: { id: 'x' } }));
    await inspector!.publish(`${prefix}13`, JSON.stringify({ type: 'pong' }));
    await vi.waitFor(() => expect(received).toEqual([{ type: 'pong' }]));
    expect(errors).toHaveLength(2);
    await bus.close();
  });
});

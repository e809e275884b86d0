import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../contract/ws-events';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createRealtimeTestContext, TestSocket, type RealtimeTestContext } from '../../tests/setup/realtime';
import { OwnRedisServer, ownRedisUnavailable, waitUntil } from '../../tests/setup/redis-server';
import type { SiteRow } from '../db/schema/index';
import { createEventBus } from '../realtime/event-bus';

/**
 * A browser tab as app/realtime/socket.ts runs it: it reconnects whenever its socket closes
 * (a refused upgrade included) and, once connected, resyncs from the newest message it has,
 * again while the server says there is more.
 */
class Tab {
  readonly sockets: TestSocket[] = [];
  readonly closeCodes: number[] = [];
  refusals = 0;
  /** Sockets accepted since `markAccepted` was last called. */
  accepted = 0;
  private cursor = 0;
  private stopped = false;

  constructor(
    private readonly ctx: RealtimeTestContext,
    private readonly token: string,
  ) {}

  /** Every message id the tab was given, live or by a resync, on any of its sockets. */
  seen(): Set<number> {
    return new Set(this.sockets.flatMap((socket) => socket.of('message_new').map((event) => event.message.id)));
  }

  async open(cursor: number) {
    this.cursor = cursor;
    await this.connect();
  }

  stop() {
    this.stopped = true;
    for (const socket of this.sockets) socket.ws.terminate();
  }

  private async connect(): Promise<void> {
    let socket: TestSocket;
    for (;;) {
      if (this.stopped) return;
      try {
        socket = await this.ctx.connectWith({ cookie: `rdv_session=${this.token}`, origin: this.ctx.origin });
        break;
      } catch {
        // 503 while the instance's bus has no Redis: the browser backs off and tries again.
        this.refusals += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    this.sockets.push(socket);
    this.accepted += 1;
    void socket.closed.then(({ code }) => {
      this.closeCodes.push(code);
      if (!this.stopped) void this.connect();
    });
    this.resyncFrom(socket);
  }

  private resyncFrom(socket: TestSocket) {
    const done = socket.of('resync_done').length;
    this.cursor = Math.max(this.cursor, ...this.seen());
    socket.send({ type: 'resync', after_message_id: this.cursor });
    void socket
      .waitFor('resync_done', () => socket.of('resync_done').length > done, 20_000)
      .then((event) => {
        if (event.has_more) this.resyncFrom(socket);
      })
      .catch(() => {
        // The socket closed before answering: its successor resyncs.
      });
  }
}

const skipped = ownRedisUnavailable;

/**
 * Issue 30: with Redis gone for a while, sends were acknowledged but never reached the open
 * tab, whose socket stayed open and so never resynced. A real redis-server of this test's own
 * is killed (SIGKILL) in the middle of a chat and started again on the same port.
 */
describe.skipIf(skipped)(`chat while the realtime bus's Redis crashes and comes back${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let redis: OwnRedisServer;
  let ctx: RealtimeTestContext;
  let site: SiteRow;
  const busErrors: unknown[] = [];

  beforeAll(async () => {
    redis = await OwnRedisServer.onFreePort();
    await redis.start();
    const bus = createEventBus({ redisUrl: redis.url, channelPrefix: `rdv-test:outage-${process.pid}:member:`, onError: (error) => busErrors.push(error) });
    ctx = await createRealtimeTestContext({ bus });
    await waitUntil('the bus listens', () => bus.isListening());
    site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, messageCredits: 0, freeConversations: 100 });
  });
  afterAll(async () => {
    await ctx?.close();
    await redis?.kill();
  });

  it('gets every acknowledged message to the open tab, which reconnects (1012) and resyncs', async () => {
    const [anna, ben] = await Promise.all([
      createVisibleMember(ctx, site, { paidUser: true }),
      createVisibleMember(ctx, site, { gender: 'male', paidUser: true }),
    ]);
    const send = async (text: string) =>
      (await ctx.services.chat.send(site, anna.id, { profileId: ben.id, kind: 'text', text, clientId: `outage-${text}` })).message.id;
    const first = await send('before anything');
    const acked = [first];
    const tab = new Tab(ctx, await ctx.services.sessions.start(ben.id, 'vitest'));
    await tab.open(first - 1);
    await waitUntil('the tab has the first message', () => tab.seen().has(first));

    // Anna keeps writing throughout; each send resolves once committed (acknowledged).
    let sending = true;
    const sender = (async () => {
      for (let n = 1; sending; n++) {
        acked.push(await send(`message ${n}`));
        // Paced like a fast typist rather than a flood, so resyncs stay within one page or two.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const ackedSince = (count: number) => {
      const from = acked.length;
      return () => acked.length >= from + count;
    };

    await waitUntil('20 messages are acknowledged with Redis up', ackedSince(20));
    await redis.kill();
    const sentWhileDown = ackedSince(20);
    await waitUntil('the open tab is told to reconnect', () => tab.closeCodes.includes(WS_CLOSE.serviceRestart));
    await waitUntil('its reconnection is refused while the bus has no Redis', () => tab.refusals > 0);
    await waitUntil('20 more are acknowledged while Redis is down', sentWhileDown);
    expect(ctx.bus.isListening()).toBe(false);

    tab.accepted = 0;
    await redis.start();
    await waitUntil('the tab is accepted again', () => tab.accepted > 0, { timeoutMs: 20_000 });
    await waitUntil('20 more are acknowledged after Redis is back', ackedSince(20));
    sending = false;
    await sender;

    await waitUntil('the tab has every acknowledged message', () => acked.every((id) => tab.seen().has(id)), { timeoutMs: 20_000 });
    expect([...tab.seen()].sort((a, b) => a - b)).toEqual([...acked].sort((a, b) => a - b));
    tab.stop();

    // A new socket after the outage hears new messages live, with no resync.
    const fresh = await ctx.connect(ben.id);
    const live = await send('after the outage');
    expect((await fresh.waitFor('message_new', (event) => event.message.id === live)).message.text).toBe('after the outage');
    // Reported once per outage and connection, not at every reconnection attempt.
    expect(busErrors.length).toBeLessThanOrEqual(4);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { ServerEvent, type ServerEventOf, type ServerEventType } from '../../contract/ws-events';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { createManualClock } from '../../server/domain/shared/clock';
import { buildHttpApp } from '../../server/http/app';
import { WS_PATH } from '../../server/http/ws-gateway';
import { createEventBus, type EventBus } from '../../server/realtime/event-bus';
import { createMemoryBus } from '../../server/realtime/memory-bus';
import { createServices } from '../../server/services';
import { createRecordingMailer } from './recording-mailer';
import { createTestDatabase } from './test-database';

export type RealtimeTestContext = Awaited<ReturnType<typeof createRealtimeTestContext>>;

export interface RealtimeTestOptions {
  /** The bus; an in-process one by default. */
  bus?: EventBus;
  /** Share a database with another instance (opened again through its own pool on PostgreSQL). */
  shareDatabaseOf?: RealtimeTestContext;
  heartbeatMs?: number;
  /** How often open tabs' sessions are checked again (the gateway's 10 s by default). */
  sessionCheckMs?: number;
  /** The instance is draining (its SIGTERM arrived). */
  isShuttingDown?: () => boolean;
  /** Settings over the test defaults, e.g. short request timeouts. */
  env?: Record<string, string>;
}

/**
 * What `createTestContext` gives, plus the realtime layer wired the way production wires it:
 * the chat service publishes through the bus, the gateway is registered on the app, and the
 * app listens on a real port so `ws` clients can connect.
 */
export async function createRealtimeTestContext(options: RealtimeTestOptions = {}) {
  const database: DatabaseHandle = options.shareDatabaseOf ? await reopen(options.shareDatabaseOf.database) : await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...options.env });
  const clock = createManualClock();
  const mailer = createRecordingMailer();
  const bus = options.bus ?? createMemoryBus();
  const services = await createServices(config, database, { clock, mailer, bus });
  const { db } = database;
  const app = await buildHttpApp(services, {
    realtime: { heartbeatMs: options.heartbeatMs, sessionCheckMs: options.sessionCheckMs, now: () => clock.now().getTime() },
    isShuttingDown: options.isShuttingDown,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  const opened: TestSocket[] = [];

  return {
    services,
    db,
    database,
    clock,
    app,
    config,
    mailer,
    bus,
    chatEvents: services.chatEvents,
    origin,
    url: `ws://127.0.0.1:${port}${WS_PATH}`,
    /** A logged-in tab of the member (a fresh session each time, as a second device would have). */
    async connect(memberId: number): Promise<TestSocket> {
      const token = await services.sessions.start(memberId, 'vitest');
      const socket = await this.connectWith({ cookie: `rdv_session=${token}`, origin });
      // The server subscribes after checking the session: one round trip proves it has.
      await socket.roundTrip();
      socket.events.length = 0;
      return socket;
    },
    async connectWith(headers: Record<string, string>): Promise<TestSocket> {
      const socket = await TestSocket.open(`ws://127.0.0.1:${port}${WS_PATH}`, headers);
      opened.push(socket);
      return socket;
    },
    async close() {
      for (const socket of opened) socket.ws.terminate();
      await app.close();
      await services.close();
      await bus.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second handle on the same database, so two "instances" share nothing in memory. */
async function reopen(database: DatabaseHandle): Promise<DatabaseHandle> {
  const url = database.pool?.options.connectionString;
  if (!url) throw new Error('two instances need PostgreSQL (a PGlite database lives in one process)');
  return openDatabase({ kind: 'postgres', url, poolSize: 5 }, { migrate: false });
}

/** A Redis bus on its own channel namespace, so parallel test files never hear each other. */
export function createTestRedisBus(redisUrl: string, namespace: string, pubsub: 'classic' | 'sharded' = 'classic'): EventBus {
  return createEventBus({ redisUrl, pubsub, channelPrefix: `rdv-test:${namespace}:member:` });
}

/**
 * A `ws` client that checks every event against the contract and keeps them all, so a test can
 * wait for one and later assert that nothing else came.
 */
export class TestSocket {
  readonly events: ServerEvent[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.events.push(ServerEvent.parse(JSON.parse(data.toString())));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Resolves once the socket is open, or rejects with the refusal (e.g. "Unexpected server response: 403"). */
  static open(url: string, headers: Record<string, string>, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, { headers, ...options });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  send(event: unknown) {
    this.ws.send(typeof event === 'string' ? event : JSON.stringify(event));
  }

  of<T extends ServerEventType>(type: T): ServerEventOf<T>[] {
    return this.events.filter((event): event is ServerEventOf<T> => event.type === type);
  }

  /** The first event of a type (matching `where`) received so far or within the timeout. */
  async waitFor<T extends ServerEventType>(type: T, where: (event: ServerEventOf<T>) => boolean = () => true, timeoutMs = 10_000): Promise<ServerEventOf<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.of(type).find(where);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends `ping` and waits for its `pong`: everything the server sent before has arrived. */
  async roundTrip() {
    const before = this.of('pong').length;
    this.send({ type: 'ping' });
    await this.waitFor('pong', () => this.of('pong').length > before);
  }
}

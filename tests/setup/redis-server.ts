import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { testEnv } from './test-env';

/** Whether a `redis-server` binary is on the PATH (tests that kill Redis start their own). */
export const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Why a test that starts, kills and restarts a Redis of its own cannot run here, or null when
 * it can: the run must have Redis (TEST_REDIS_URL) and the binary to start one.
 */
export const ownRedisUnavailable: string | null = !testEnv.redisUrl
  ? 'TEST_REDIS_URL is not set: this run has no Redis'
  : !hasRedisServer
    ? 'no redis-server binary on the PATH'
    : null;

/** A TCP port nothing listens on right now. */
export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Polls `condition` every `stepMs` until it holds, or fails with `what` after `timeoutMs`. */
export async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, { timeoutMs = 15_000, stepMs = 25 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

/**
 * A throwaway redis-server of the test's own on a free port (never the shared one): nothing
 * saved, so a restart comes back empty, as a crashed Redis without persistence does.
 */
export class OwnRedisServer {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** A server on a free port, not started yet (its URL is unreachable until `start`). */
  static async onFreePort(): Promise<OwnRedisServer> {
    return new OwnRedisServer(await findFreePort());
  }

  /** Starts it and resolves once it answers PING. */
  async start(): Promise<void> {
    if (this.process) throw new Error('already running');
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.process = child;
    child.once('exit', () => {
      if (this.process === child) this.process = null;
    });
    await waitUntil(`redis-server answers on port ${this.port}`, () => this.answers());
  }

  /** SIGKILL, as a crash: resolves once the process is gone and the port refuses connections. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
    this.process = null;
  }

  get isRunning() {
    return this.process !== null;
  }

  private async answers(): Promise<boolean> {
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  }
}

// Starts a local cluster: N app instances (no jobs), one worker and nginx in front, all on one
// PostgreSQL, one Redis and one S3-compatible store. Used by `npm run cluster`, the cluster
// test and the cluster bench.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { nginxConfig } from './nginx-config';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const READY_POLL_MS = 500;

export interface ClusterInstance {
  port: number;
  ready: boolean;
  process: ChildProcess | null;
  exited: Promise<number | null> | null;
}

export interface ClusterOptions {
  instances?: number;
  /** nginx's port; instance i listens on port + 1 + i. */
  port?: number;
  /** DATABASE_URL, REDIS_URL and the STORAGE_URL/S3_* variables (README), and any other setting. */
  env: Record<string, string>;
  dataDir?: string;
  log?: (line: string) => void;
  nginxPath?: string;
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

export async function startCluster(options: ClusterOptions) {
  const count = options.instances ?? 2;
  const listenPort = options.port ?? 8080;
  const log = options.log ?? ((line: string) => void process.stdout.write(`${line}\n`));
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'STORAGE_URL']) {
    if (!options.env[name]) throw new Error(`${name} is required: a cluster shares one PostgreSQL, one Redis and one object store`);
  }
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-cluster-'));
  const prefix = path.join(dataDir, 'nginx');
  fs.mkdirSync(prefix, { recursive: true });
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // Links in mail and payment redirects point at the load balancer, never at one instance.
    SITE_SCHEME: 'http',
    SITE_PORT: String(listenPort),
    TRUST_PROXY: '127.0.0.1',
    // Long enough for the readiness poll to take a draining instance out of nginx first.
    SHUTDOWN_DRAIN_MS: '1500',
    LOG_LEVEL: 'warn',
    ...options.env,
  };

  const instances: ClusterInstance[] = Array.from({ length: count }, (_, index) => ({
    port: listenPort + 1 + index,
    ready: false,
    process: null,
    exited: null,
  }));
  const children = new Set<ChildProcess>();
  const run = (name: string, args: string[], env: NodeJS.ProcessEnv) => {
    const child = spawnProcess(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const prefixLine = (chunk: Buffer) =>
      String(chunk)
        .trimEnd()
        .split('\n')
        .forEach((line) => log(`[${name}] ${line}`));
    child.stdout.on('data', prefixLine);
    child.stderr.on('data', prefixLine);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (children.delete(child), resolve(code))));
    return { child, exited };
  };

  const startInstance = (instance: ClusterInstance, index: number, seed: boolean) => {
    const { child, exited } = run(`app${index + 1}`, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
      ...shared,
      PORT: String(instance.port),
      WORKER: 'off',
      SEED_DEMO: seed ? (shared.SEED_DEMO ?? 'true') : 'false',
      DATA_DIR: path.join(dataDir, `app${index + 1}`),
    });
    instance.process = child;
    instance.exited = exited;
    instance.ready = false;
  };

  // nginx, with every instance marked down until its /readyz answers.
  const confPath = path.join(prefix, 'nginx.conf');
  const writeConf = () => {
    // All down would make nginx answer 502 at once; then let its passive checks decide.
    const anyReady = instances.some((instance) => instance.ready);
    fs.writeFileSync(
      confPath,
      nginxConfig({
        listenPort,
        prefix,
        runAsRoot: process.getuid?.() === 0,
        instances: instances.map((instance) => ({ port: instance.port, ready: instance.ready || !anyReady })),
      }),
    );
  };
  writeConf();
  const nginxProcess = spawnProcess(options.nginxPath ?? 'nginx', ['-p', prefix, '-c', confPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(nginxProcess);
  nginxProcess.stderr.on('data', (chunk: Buffer) => log(`[nginx] ${String(chunk).trimEnd()}`));
  nginxProcess.once('exit', () => children.delete(nginxProcess));

  /** `/readyz` of one instance: an answer or a refused connection counts at once, a slow answer only when it repeats. */
  const slowAnswers = new Map<number, number>();
  const isReady = async (port: number, previous = false): Promise<boolean> => {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1_000) });
      slowAnswers.set(port, 0);
      return response.ok;
    } catch (error) {
      if ((error as Error)?.name !== 'TimeoutError') return false;
      const slow = (slowAnswers.get(port) ?? 0) + 1;
      slowAnswers.set(port, slow);
      return slow < 3 ? previous : false;
    }
  };
  const waitReady = async (instance: ClusterInstance, timeoutMs = 180_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await isReady(instance.port))) {
      if (Date.now() > deadline) throw new Error(`instance on port ${instance.port} not ready after ${timeoutMs / 1000} s`);
      await sleep(250);
    }
  };

  const killAll = () => children.forEach((child) => child.kill('SIGKILL'));
  try {
    // The first instance migrates and seeds an empty database alone; the others start on it.
    startInstance(instances[0]!, 0, true);
    await waitReady(instances[0]!);
    instances.slice(1).forEach((instance, index) => startInstance(instance, index + 1, false));
    await Promise.all(instances.slice(1).map((instance) => waitReady(instance)));
  } catch (error) {
    killAll();
    throw error;
  }
  const worker = run('worker', ['--import', 'tsx', 'server/worker.ts'], { ...shared, WORKER: 'on', DATA_DIR: path.join(dataDir, 'worker') });

  // Active health checks: nginx's open-source edition has only passive ones, so the
  // readiness of each instance is polled here and nginx reloaded when it changes.
  let polling = true;
  const pollReadiness = async () => {
    while (polling) {
      const states = await Promise.all(instances.map((instance) => (instance.process ? isReady(instance.port, instance.ready) : false)));
      if (states.some((ready, index) => ready !== instances[index]!.ready)) {
        states.forEach((ready, index) => (instances[index]!.ready = ready));
        writeConf();
        nginxProcess.kill('SIGHUP');
        log(`[cluster] ready: ${instances.map((instance) => `${instance.port}=${instance.ready ? 'up' : 'down'}`).join(' ')}`);
      }
      await sleep(READY_POLL_MS);
    }
  };
  instances.forEach((instance) => (instance.ready = true));
  writeConf();
  nginxProcess.kill('SIGHUP');
  const poller = pollReadiness();
  await waitForNginx(listenPort);

  return {
    url: `http://127.0.0.1:${listenPort}`,
    dataDir,
    instances,
    /** Sends a signal to instance `index` (0-based): SIGKILL to crash it, SIGTERM to drain it. */
    signal(index: number, signal: NodeJS.Signals) {
      instances[index]!.process?.kill(signal);
      return instances[index]!.exited;
    },
    /** Starts instance `index` again after it exited, and waits until nginx sends it traffic. */
    async restart(index: number) {
      startInstance(instances[index]!, index, false);
      await waitReady(instances[index]!);
    },
    worker,
    async stop() {
      polling = false;
      await poller;
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(
        [...children].map(
          (child) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve()))),
        ),
      );
    },
  };
}

async function waitForNginx(port: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error(`nginx did not answer on port ${port}`);
}

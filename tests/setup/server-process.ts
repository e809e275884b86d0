import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';

export interface ServerProcess {
  url: string;
  /** The outbox page's keyed address as the server printed it at start, or null when it has none. */
  outboxPath: string | null;
  pid: number;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
  /** Ends the process with this signal and waits until it is gone. */
  stop(signal: NodeJS.Signals): Promise<number | string>;
}

/**
 * The real server as `npm start` runs it (`scripts/start.mjs` with the server's node flags,
 * production mode) on a free port, with the given environment on top of this one; resolves once
 * /readyz answers.
 */
export async function startServerProcess(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = await findFreePort();
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // What the server prints goes on to this process's output; the outbox address is kept.
  let outboxPath: string | null = null;
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    printed += chunk.toString();
    outboxPath ??= /read them at https?:\/\/[^/\s]+(\/dev\/outbox\S*)/.exec(printed)?.[1] ?? null;
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready at ${url} in time`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    get outboxPath() {
      return outboxPath;
    },
    pid: child.pid!,
    exited,
    stop(signal) {
      child.kill(signal);
      return exited;
    },
  };
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

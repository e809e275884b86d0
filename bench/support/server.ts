import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';

/** Repository root (bench/support/ → ../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  /** Seconds from spawn to the first successful /readyz (includes build and seeding). */
  startSeconds: number;
  /** The server's process id (it runs in the spawned process itself), e.g. to read its memory. */
  pid: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Demo members seeded on the fresh database (DEMO_MEMBERS). */
  demoMembers?: number;
  /** How long to wait for /readyz; the first start may build the app and seed. */
  timeoutMs?: number;
  /** Echo every line the server prints (otherwise only warnings/errors after start). */
  verbose?: boolean;
  /**
   * Environment applied last, over the defaults above and BENCH_DATABASE_URL; `undefined`
   * removes a variable (e.g. `{ DATABASE_URL: url, SEED_DEMO: 'false' }`).
   */
  env?: Record<string, string | undefined>;
  /** Node options for the server process, before any from BENCH_SERVER_NODE_ARGS. */
  nodeArgs?: string[];
  /**
   * Run on this DATA_DIR (e.g. a PGlite database loaded beforehand) instead of a fresh one.
   * The caller owns it: `stop()` removes only what the helper added to it.
   */
  dataDir?: string;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Newest modification time (ms) of any file under `dir`, skipping heavy folders. */
function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Warns when build/ is older than app sources: the bench would measure yesterday's bundle. */
export function describeBuild(): string {
  const entry = path.join(ROOT, 'build', 'server', 'index.js');
  if (!fs.existsSync(entry)) return 'no build yet: `node scripts/start.mjs` will build it (once)';
  const built = fs.statSync(entry).mtimeMs;
  const sources = Math.max(newestMtime(path.join(ROOT, 'app')), newestMtime(path.join(ROOT, 'contract')), newestMtime(path.join(ROOT, 'locales')));
  const when = new Date(built).toISOString();
  return sources > built
    ? `build/ from ${when} is OLDER than app/contract/locales sources — run \`npm run build\` first for current numbers`
    : `build/ from ${when} is up to date with app sources`;
}

/**
 * Starts the real app exactly as production does (`node scripts/start.mjs`) on a fresh data
 * directory, waits for /readyz and hands back its URL. `stop()` sends SIGTERM, waits for the
 * exit and removes the data directory.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rendezvous-bench-'));
  const cwd = await prepareWorkingDir(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_MEMBERS: String(options.demoMembers ?? 240),
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SEED_DEMO;
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }

  const started = Date.now();
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
  const nodeArgs = [...(options.nodeArgs ?? []), ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, 'scripts/start.mjs'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  let ready = false;
  const onLine = (line: string) => {
    if (!line.trim()) return;
    tail.push(line);
    if (tail.length > 80) tail.shift();
    // Before readiness only echo when asked (a first build prints a lot); after it, anything the
    // server logs at LOG_LEVEL=warn is worth seeing next to the numbers.
    if (options.verbose || ready) process.stderr.write(`[server] ${line}\n`);
  };
  pipeLines(child, onLine);

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const cleanup = () =>
    ownsDataDir ? fs.rmSync(dataDir, { recursive: true, force: true }) : fs.rmSync(path.join(dataDir, 'app-root'), { recursive: true, force: true });
  const url = `http://127.0.0.1:${port}`;
  const deadline = started + (options.timeoutMs ?? 180_000);
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  while (true) {
    if (exitCode !== undefined) {
      cleanup();
      process.off('exit', killOnExit);
      throw new Error(`server exited with code ${exitCode} before it was ready; last output:\n${tail.join('\n')}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      cleanup();
      process.off('exit', killOnExit);
      throw new Error(`server not ready within ${Math.round((deadline - started) / 1000)} s; last output:\n${tail.join('\n')}`);
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  ready = true;
  const startSeconds = (Date.now() - started) / 1000;

  let stopping: Promise<void> | undefined;
  return {
    url,
    startSeconds,
    pid: child.pid!,
    stop() {
      stopping ??= (async () => {
        if (exitCode === undefined) {
          child.kill('SIGTERM');
          const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(forced);
        }
        process.off('exit', killOnExit);
        cleanup();
      })();
      return stopping;
    },
  };
}

/**
 * Other engineers rebuild `build/` while a bench runs (`npm test` starts with a build, and Vite
 * empties the folder first): the hashed assets the running server links to would vanish
 * mid-run. So the server runs from a directory that symlinks every repository entry except
 * `build/`, which is a private copy taken when no build is in progress. `node scripts/start.mjs`
 * resolves the build relative to its working directory; everything else resolves to the real
 * files. With no build/ at all, the server starts in the repository and builds it there (once).
 */
async function prepareWorkingDir(dataDir: string): Promise<string> {
  // Only when there is no build/ at all. A build/ without its server entry is a rebuild in
  // progress (Vite empties the folder first): building here too would race it, so wait below.
  if (!fs.existsSync(path.join(ROOT, 'build'))) return ROOT;
  const cwd = path.join(dataDir, 'app-root');
  fs.mkdirSync(cwd);
  for (const name of fs.readdirSync(ROOT)) {
    if (name === 'build' || name === 'data') continue;
    fs.symlinkSync(path.join(ROOT, name), path.join(cwd, name));
  }
  const source = path.join(ROOT, 'build');
  const target = path.join(cwd, 'build');
  let problem = 'no build/server/index.js';
  for (let attempt = 1; ; attempt++) {
    const before = treeSignature(source);
    // Copy only a quiet tree (nothing written for 3 s), and keep the copy only if the tree did
    // not change while copying and every file the server build refers to is in it.
    if (!before) problem = 'no build/server/index.js';
    else if (Date.now() - before.newest <= 3000) problem = 'files written in the last 3 s';
    else {
      try {
        fs.rmSync(target, { recursive: true, force: true });
        fs.cpSync(source, target, { recursive: true });
        const missing = missingAssets(target);
        if (treeSignature(source)?.key !== before.key) problem = 'changed while copying';
        else if (missing.length) problem = `missing ${missing.slice(0, 5).join(', ')}`;
        else return cwd;
      } catch (error) {
        // a rebuild removed files while copying: try again
        problem = `copy failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    if (attempt >= 90) throw new Error(`build/ kept changing or is incomplete (a rebuild in progress?): no consistent copy; last: ${problem}`);
    await sleep(2000);
  }
}

/** Paths, sizes and mtimes of a build tree; null when the server entry is missing. */
function treeSignature(dir: string): { key: string; newest: number } | null {
  if (!fs.existsSync(path.join(dir, 'server', 'index.js'))) return null;
  const parts: string[] = [];
  let newest = 0;
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = fs.statSync(full);
        newest = Math.max(newest, stat.mtimeMs);
        parts.push(`${full}:${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  try {
    walk(dir);
  } catch {
    return null;
  }
  return { key: parts.sort().join('|'), newest };
}

/**
 * Files the server build refers to that the copy lacks: the server bundle and its chunks import
 * each other by relative path (`./assets/socket-….js`, resolved against the importing file, so
 * inside `server/`), and name client assets by root-relative URL (`"/assets/app-….css"`, served
 * from `client/`). Any of them missing means the copy caught a rebuild half-way.
 */
function missingAssets(buildDir: string): string[] {
  const missing: string[] = [];
  const seen = new Set<string>();
  const pending = [path.join(buildDir, 'server', 'index.js')];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!fs.existsSync(file)) {
      missing.push(path.relative(buildDir, file));
      continue;
    }
    const code = fs.readFileSync(file, 'utf8');
    // `from "./x.js"`, `import "./x.js"`, `import("./x.js")`: server chunks, relative to this file.
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"'\s]+\.m?js)["']/g)) {
      pending.push(path.resolve(path.dirname(file), match[1]));
    }
    // A quoted root-relative URL: a client asset.
    for (const match of code.matchAll(/["'`](\/assets\/[A-Za-z0-9._-]+\.(?:js|css))["'`]/g)) {
      const asset = path.join(buildDir, 'client', match[1]);
      if (!fs.existsSync(asset)) missing.push(path.relative(buildDir, asset));
    }
  }
  return [...new Set(missing)];
}

function pipeLines(child: ChildProcess, onLine: (line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(onLine);
    });
    stream.on('end', () => pending && onLine(pending));
  }
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

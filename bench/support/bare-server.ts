import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { forkChildServer } from './child-server';

/**
 * The ceiling for an HTTP bench: a bare `node:http` server that answers every request with
 * the bytes and headers captured once from the real app. It runs in its own process, like the
 * real server, so both compete with the load generator for the same two cores in the same way.
 */

export interface Snapshot {
  status: number;
  /** Response headers as the real server sent them (hop-by-hop ones are dropped on replay). */
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface BareServer {
  url: string;
  /** The child process's id, for its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

/** Headers that describe the connection or the moment, not the payload. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * GETs `url` WITHOUT Accept-Encoding (so the body is the uncompressed bytes every client
 * without compression gets) and keeps status, headers and body.
 */
export async function captureSnapshot(url: string, headers: Record<string, string> = {}): Promise<Snapshot> {
  // node:http rather than fetch: fetch (undici) always adds `accept-encoding: gzip, deflate`.
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) kept[name] = value;
        }
        resolve({ status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`timeout fetching ${url}`)));
    request.on('error', reject);
  });
}

/**
 * Serves `snapshot` for every path, except the paths in `others` (exact match, query ignored),
 * which get their own fixed response.
 */
export async function startBareServer(snapshot: Snapshot, others: Record<string, Snapshot> = {}): Promise<BareServer> {
  const server = forkChildServer(fileURLToPath(import.meta.url), 'BENCH_BARE_CHILD', 'bare server');
  const wire = (item: Snapshot): WireSnapshot => ({ status: item.status, headers: item.headers, body: item.body.toString('base64') });
  server.child.send({
    fallback: wire(snapshot),
    routes: Object.fromEntries(Object.entries(others).map(([route, item]) => [route, wire(item)])),
  } satisfies WireMessage);
  const port = await server.port;

  return {
    url: `http://127.0.0.1:${port}`,
    pid: server.child.pid!,
    async stop() {
      await server.stop();
    },
  };
}

interface WireSnapshot {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}
interface WireMessage {
  fallback: WireSnapshot;
  routes: Record<string, WireSnapshot>;
}

/** Decoded once, so a request costs a map lookup, writeHead and end — nothing else. */
function prepare(item: WireSnapshot) {
  const body = Buffer.from(item.body, 'base64');
  const rawHeaders: string[] = [];
  for (const [name, value] of Object.entries(item.headers)) {
    if (NOT_REPLAYED.has(name)) continue;
    for (const entry of Array.isArray(value) ? value : [value]) rawHeaders.push(name, entry);
  }
  rawHeaders.push('content-length', String(body.length));
  return { status: item.status, rawHeaders, body };
}

/** Child side: receive the snapshot, listen, report the port. */
function runChild() {
  process.once('message', (message: WireMessage) => {
    const fallback = prepare(message.fallback);
    const routes = new Map(Object.entries(message.routes).map(([route, item]) => [route, prepare(item)]));
    const server = http.createServer((request, response) => {
      // Drain any request body, then reply with the fixed bytes.
      request.resume();
      const reply = routes.size ? (routes.get((request.url ?? '/').split('?')[0]) ?? fallback) : fallback;
      response.writeHead(reply.status, reply.rawHeaders);
      response.end(reply.body);
    });
    // Same keep-alive window as Fastify's default, so idle connections behave alike.
    server.keepAliveTimeout = 72_000;
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
    });
    process.once('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());
  });
}

if (process.env.BENCH_BARE_CHILD === '1' && process.send) runChild();

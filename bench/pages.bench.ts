import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { captureSnapshot, startBareServer, type BareServer, type Snapshot } from './support/bare-server';
import { onCleanup } from './support/cleanup';
import { measureCpu } from './support/process-stats';
import { createScratchDatabase } from './support/chat-data';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';
import { judgeRenders, MEMBER_RENDER_MS, PGLITE_RENDER_FACTOR, VISITOR_RENDER_MS, type Render } from './support/render-targets';
import { describeBuild, startServer, type RunningServer } from './support/server';

/**
 * Pages against their ceiling (issue 20): server-rendered pages and client navigations
 * (`.data` requests), logged out and as a signed-in demo member, each against a bare
 * `node:http` process replaying the very same bytes and headers — alternately, in the same run,
 * as the http bench does. Runs twice: on the embedded database (a fresh PGlite DATA_DIR) and on
 * PostgreSQL (a scratch database it creates and drops), each with its own server and demo seed.
 * With a page cache off (PAGE_CACHE_SECONDS=0 for visitors, MEMBER_PAGE_CACHE_SECONDS=0 for
 * members) every request is rendered, and those pages are judged by the CPU a render costs
 * (issue 36) rather than by the caches' ratios.
 *
 * Env: BENCH_PAGES_SECONDS (measured seconds per side and page, default 4), BENCH_ROUNDS
 * (alternating slices, default 2), BENCH_CONNECTIONS (10), BENCH_PAGES_WARMUP_SECONDS (1),
 * BENCH_PAGES_SERVER_WARMUP_SECONDS (1, every page in turn before any is measured),
 * BENCH_PAGES_ENGINES (`pglite,postgres`), BENCH_PAGES_DB (`rdv_bench_pages`),
 * BENCH_PG_ADMIN_URL, BENCH_PAGES_ONLY (comma-separated page names or paths to keep, e.g.
 * `/members` or `member .data`), BENCH_DEMO_MEMBERS (40 here).
 */

const VISITOR_RATIO = 0.3;
const VISITOR_P99_MS = 20;
const MEMBER_RATIO = 0.05;
const MEMBER_P99_MS = 60;
const DATA_RATIO = 0.15;
const HTML_LIMIT_BYTES = 20 * 1024;

type Audience = 'visitor' | 'member';

interface Page {
  /** Group shown in the table: visitor SSR, member SSR, member .data. */
  group: 'visitor' | 'member SSR' | 'member .data';
  audience: Audience;
  path: string;
  minRatio: number;
  maxP99: number | null;
  /** Server CPU a render allowed on PostgreSQL when the page's cache is off. */
  maxRenderMs: number;
  /** HTML size (uncompressed) checked against HTML_LIMIT_BYTES. */
  sizeLimited?: boolean;
}

/**
 * React Router 7's single fetch: a client navigation GETs `<path>.data`, and names the routes
 * whose loaders must run in `_routes` when some of the page's routes keep their data (the root
 * loader does not run again when only the page changes).
 */
const dataPath = (path: string, routes: string[]) => `${path}.data?_routes=${encodeURIComponent(routes.join(','))}`;

function pages(memberId: number, lander: string): Page[] {
  const visitor = (path: string, sizeLimited = false): Page => ({
    group: 'visitor',
    audience: 'visitor',
    path,
    minRatio: VISITOR_RATIO,
    maxP99: VISITOR_P99_MS,
    maxRenderMs: VISITOR_RENDER_MS,
    sizeLimited,
  });
  const member = (path: string, sizeLimited = false): Page => ({
    group: 'member SSR',
    audience: 'member',
    path,
    minRatio: MEMBER_RATIO,
    maxP99: MEMBER_P99_MS,
    maxRenderMs: MEMBER_RENDER_MS,
    sizeLimited,
  });
  const data = (path: string): Page => ({
    group: 'member .data',
    audience: 'member',
    path,
    minRatio: DATA_RATIO,
    maxP99: null,
    maxRenderMs: MEMBER_RENDER_MS,
  });
  return [
    visitor('/', true),
    visitor(lander),
    visitor('/pages/terms'),
    visitor('/members', true),
    visitor(`/members/${memberId}`),
    member('/members', true),
    member(`/members/${memberId}`),
    member('/chats'),
    member('/likes'),
    data(dataPath('/members', ['routes/members/search'])),
    data(dataPath(`/members/${memberId}`, ['routes/members/profile'])),
    data(dataPath('/chats', ['routes/chat/chats'])),
    data(dataPath('/likes', ['likes'])),
  ];
}

interface Settings {
  seconds: number;
  rounds: number;
  warmup: number;
  serverWarmup: number;
  connections: number;
  demoMembers: number;
  engines: string[];
  adminUrl: string;
  dbName: string;
  only: string[];
  lander: string;
}

function settings(): Settings {
  const list = (name: string, fallback: string) =>
    (process.env[name] ?? fallback)
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  return {
    seconds: envNumber('BENCH_PAGES_SECONDS', 4),
    rounds: Math.round(envNumber('BENCH_ROUNDS', 2)),
    warmup: envNumber('BENCH_PAGES_WARMUP_SECONDS', 1),
    serverWarmup: envNumber('BENCH_PAGES_SERVER_WARMUP_SECONDS', 1),
    connections: Math.round(envNumber('BENCH_CONNECTIONS', 10)),
    // Fewer than the shared server's 240: a page shows 20 cards either way, and the seed is the slow part of a start.
    demoMembers: Math.round(envNumber('BENCH_DEMO_MEMBERS', 40)),
    engines: list('BENCH_PAGES_ENGINES', 'pglite,postgres').map((item) => item.toLowerCase()),
    adminUrl: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    dbName: process.env.BENCH_PAGES_DB ?? 'rdv_bench_pages',
    only: list('BENCH_PAGES_ONLY', ''),
    lander: process.env.BENCH_PAGES_LANDER ?? '/landers/gallery',
  };
}

interface Measurement {
  /** CPU seconds the server process used while measured (real app only). */
  cpuSeconds: number;
  requests: number;
  seconds: number;
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
}

const emptyMeasurement = (): Measurement => ({ cpuSeconds: 0, requests: 0, seconds: 0, latencies: [], non2xx: 0, errors: 0, timeouts: 0 });

async function load(url: string, seconds: number, connections: number, headers: Record<string, string>, into?: Measurement): Promise<void> {
  // No Accept-Encoding header: both servers send the identical uncompressed payload.
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    headers,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  if (into) {
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      into.latencies.push(responseTime);
    });
  }
  const result = await instance;
  if (!into) return;
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.non2xx += result.non2xx;
  into.errors += result.errors;
  into.timeouts += result.timeouts;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

function stats(m: Measurement) {
  const sorted = Float64Array.from(m.latencies).sort();
  return { rps: m.requests / m.seconds, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

/**
 * Bytes of the page's inline loader data: the turbo-stream chunks React Router writes into
 * `<script>` tags (`streamController.enqueue(…)`), which the browser parses before hydration.
 */
function inlineDataBytes(html: string): number {
  let total = 0;
  for (const match of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    if (match[1].includes('streamController.enqueue')) total += Buffer.byteLength(match[1]);
  }
  return total;
}

/** Signs the demo member in through the API, as the login form does; returns the Cookie header. */
async function signIn(baseUrl: string): Promise<{ cookie: string; memberId: number }> {
  const body = JSON.stringify({
    email: process.env.BENCH_PAGES_EMAIL ?? 'demo1@rendezvous.example',
    password: process.env.BENCH_PAGES_PASSWORD ?? 'rendezvous-demo',
  });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/user.php`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const cookies = (response.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]);
          if (response.statusCode !== 200 || !cookies.some((cookie) => cookie.startsWith('rdv_session='))) {
            reject(new Error(`sign-in of the demo member failed: HTTP ${response.statusCode} ${Buffer.concat(chunks).toString().slice(0, 300)}`));
          } else {
            const { user } = JSON.parse(Buffer.concat(chunks).toString()) as { user: { id: number } };
            resolve({ cookie: cookies.join('; '), memberId: user.id });
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A profile the visitor's search shows (visible to visitors), other than the member's own. */
async function pickProfile(baseUrl: string, memberId: number): Promise<number> {
  const snapshot = await captureSnapshot(`${baseUrl}/api/members.php?page=1`);
  const parsed = JSON.parse(snapshot.body.toString()) as { results?: Array<{ id: number }> };
  const id = parsed.results?.find((profile) => profile.id !== memberId)?.id;
  if (!id) throw new Error(`no profile in the visitor's search: HTTP ${snapshot.status}`);
  return id;
}

interface EngineResult {
  rows: string[][];
  sizeRows: string[][];
  lines: string[];
  missed: string[];
  /** Each page's ratio unrounded, by its row's name. */
  ratios: Record<string, number>;
  /** Pages measured with their cache off: their CPU a render, judged once every engine has run. */
  renders: Render[];
}

/** Whether every request of this audience is rendered: its page cache is off. */
function rendersEveryRequest(audience: Audience): boolean {
  return (audience === 'visitor' ? process.env.PAGE_CACHE_SECONDS : process.env.MEMBER_PAGE_CACHE_SECONDS) === '0';
}

async function measureEngine(engine: Render['engine'], server: RunningServer, options: Settings): Promise<EngineResult> {
  const { cookie, memberId } = await signIn(server.url);
  const profileId = await pickProfile(server.url, memberId);
  const selected = pages(profileId, options.lander).filter(
    (page) =>
      !options.only.length ||
      options.only.some((item) => item === page.path.split('?')[0] || item === page.group || item === `${page.group} ${page.path.split('?')[0]}`),
  );
  const headersOf = (audience: Audience): Record<string, string> => (audience === 'member' ? { cookie } : {});

  // Snapshots first, then one bare server per audience replaying every page of it by path.
  const snapshots = new Map<Page, Snapshot>();
  for (const page of selected) snapshots.set(page, await captureSnapshot(`${server.url}${page.path}`, headersOf(page.audience)));
  const bare = new Map<Audience, BareServer>();
  const stopBare = onCleanup(`${engine} bare servers`, () => Promise.all([...bare.values()].map((item) => item.stop())));

  const rows: string[][] = [];
  const sizeRows: string[][] = [];
  const lines: string[] = [];
  const missed: string[] = [];
  const ratios: Record<string, number> = {};
  const renders: Render[] = [];
  try {
    for (const audience of ['visitor', 'member'] as const) {
      const mine = selected.filter((page) => page.audience === audience);
      if (!mine.length) continue;
      const routes = Object.fromEntries(mine.map((page) => [page.path.split('?')[0], snapshots.get(page)!]));
      bare.set(audience, await startBareServer(snapshots.get(mine[0])!, routes));
    }

    // A server that has just started and seeded is still compiling the code every page shares
    // and growing its heap: each page measured first after the start paid for that (visitor `/`
    // 3.8–5.2 ms of CPU a render in its slices, 2.3–2.9 on the same server a minute later).
    // Every page is loaded once round before any is measured, as on a server that has been up.
    for (const page of selected) await load(`${server.url}${page.path}`, options.serverWarmup, options.connections, headersOf(page.audience));

    for (const page of selected) {
      const snapshot = snapshots.get(page)!;
      const name = `${engine} ${page.group} ${page.path.split('?')[0]}`;
      const type = String(snapshot.headers['content-type'] ?? '?').split(';')[0];
      const html = type === 'text/html' ? snapshot.body.toString() : '';
      const inline = html ? inlineDataBytes(html) : snapshot.body.length;
      console.log(
        `\n${name}: HTTP ${snapshot.status}, ${type}, ${snapshot.body.length.toLocaleString('en')} bytes` +
          `${html ? `, inline loader data ${inline.toLocaleString('en')} bytes` : ''}, cache-control ${snapshot.headers['cache-control'] ?? '-'}`,
      );
      if (page.sizeLimited) {
        const ok = snapshot.body.length <= HTML_LIMIT_BYTES;
        const verdict = ok ? 'PASS (≤ 20 KB)' : 'FAIL (> 20 KB)';
        sizeRows.push([`${engine} ${page.audience} ${page.path}`, (snapshot.body.length / 1024).toFixed(1), (inline / 1024).toFixed(1), verdict]);
        lines.push(
          `${engine} ${page.audience} ${page.path} HTML: ${(snapshot.body.length / 1024).toFixed(1)} KB (inline data ${(inline / 1024).toFixed(1)} KB) — ${verdict}`,
        );
        if (!ok) missed.push(`${engine} ${page.audience} ${page.path} HTML ${(snapshot.body.length / 1024).toFixed(1)} KB > 20 KB`);
      }
      if (snapshot.status !== 200) {
        console.log(`  INVALID: the page answers ${snapshot.status}, not 200; not measured.`);
        missed.push(`${name}: answers HTTP ${snapshot.status}, not measured`);
        rows.push([name, `HTTP ${snapshot.status}`, '-', '-', '-', '-', '-', '-', '-', '-', 'INVALID']);
        continue;
      }

      const headers = headersOf(page.audience);
      const realUrl = `${server.url}${page.path}`;
      const bareUrl = `${bare.get(page.audience)!.url}${page.path}`;
      await load(realUrl, options.warmup, options.connections, headers);
      await load(bareUrl, options.warmup, options.connections, headers);
      const real = emptyMeasurement();
      const ceiling = emptyMeasurement();
      const slice = options.seconds / options.rounds;
      for (let round = 0; round < options.rounds; round++) {
        const order: Array<[string, Measurement]> = [
          [realUrl, real],
          [bareUrl, ceiling],
        ];
        if (round % 2 === 1) order.reverse();
        for (const [url, into] of order) {
          const started = performance.now();
          const cpu = into === real ? measureCpu(server.pid) : null;
          await load(url, slice, options.connections, headers, into);
          if (cpu) into.cpuSeconds += cpu().server * ((performance.now() - started) / 1000);
        }
      }
      const realStats = stats(real);
      const bareStats = stats(ceiling);
      const ratio = realStats.rps / bareStats.rps;
      ratios[name] = ratio;
      const faults = real.non2xx + real.errors + real.timeouts;
      const cpuMs = real.requests ? (real.cpuSeconds * 1000) / real.requests : NaN;
      // With the page's cache off the ratio and p99 targets (which are the caches') do not apply:
      // the render's CPU is judged instead, in the render table once every engine has run.
      const rendered = rendersEveryRequest(page.audience);
      if (rendered) renders.push({ engine, page: `${page.group} ${page.path.split('?')[0]}`, cpuMs, maxMs: page.maxRenderMs });
      const problems: string[] = [];
      if (!rendered && ratio < page.minRatio) problems.push(`ratio ${ratio.toFixed(3)} < ${page.minRatio.toFixed(2)}`);
      if (!rendered && page.maxP99 !== null && realStats.p99 > page.maxP99) problems.push(`p99 ${realStats.p99.toFixed(0)} ms > ${page.maxP99} ms`);
      const target = rendered
        ? 'report only: cache off, see the render table'
        : `≥ ${page.minRatio.toFixed(2)}${page.maxP99 !== null ? `, p99 ≤ ${page.maxP99}` : ''}`;
      const verdict =
        faults > 0
          ? 'INVALID (faults)'
          : real.requests === 0
            ? 'INVALID (no answer within a slice)'
            : problems.length
              ? `FAIL (${problems.join('; ')})`
              : rendered
                ? target
                : `PASS (${target})`;
      if (faults > 0 || real.requests === 0 || problems.length) missed.push(`${name}: ${verdict}`);
      const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
      rows.push([
        name,
        (snapshot.body.length / 1024).toFixed(1),
        fmt(cpuMs),
        fmt(realStats.rps),
        fmt(realStats.p50),
        fmt(realStats.p99),
        `${real.non2xx}/${real.errors}/${real.timeouts}`,
        fmt(bareStats.rps),
        fmt(bareStats.p99),
        ratio.toFixed(3),
        verdict,
      ]);
      const line = `${name}: ${fmt(realStats.rps)} req/s (p99 ${fmt(realStats.p99)} ms, server CPU ${fmt(cpuMs)} ms/req) vs bare ${fmt(bareStats.rps)} req/s → ratio ${ratio.toFixed(3)} — ${verdict}`;
      console.log(`  ${line}`);
      lines.push(line);
    }
  } finally {
    await stopBare();
  }
  return { rows, sizeRows, lines, missed, ratios, renders };
}

async function startEngineServer(engine: string, options: Settings, env: Record<string, string | undefined>): Promise<RunningServer> {
  console.log(`starting \`node scripts/start.mjs\` on ${engine} (NODE_ENV=production, fresh DATA_DIR, DEMO_MEMBERS=${options.demoMembers})…`);
  // The demo seed (avatars, photos) takes minutes on a busy 2-core machine.
  const server = await startServer({ demoMembers: options.demoMembers, verbose: process.env.BENCH_VERBOSE === '1', env, timeoutMs: 600_000 });
  console.log(`ready at ${server.url} after ${server.startSeconds.toFixed(1)} s (includes the demo seed)`);
  return server;
}

export async function runPagesBench(): Promise<BenchOutcome> {
  const options = settings();
  heading('Pages: SSR and client navigations vs bare node:http replaying the same bytes');
  console.log(machineLine());
  console.log(describeBuild());
  console.log(
    `autocannon: ${options.connections} connections, ${options.warmup} s warm-up per side, then ${options.seconds} s per side in ` +
      `${options.rounds} alternating slices; no Accept-Encoding (uncompressed on both sides); member = demo member signed in via POST /api/user.php`,
  );
  console.log(
    `caveat: autocannon runs in this process and shares the machine's ${os.cpus().length} cores with the server under test; ` +
      'compare the ratios, and expect noise on a shared machine.',
  );

  const rows: string[][] = [];
  const sizeRows: string[][] = [];
  const lines: string[] = [];
  const missed: string[] = [];
  const ratios: Record<string, number> = {};
  const renders: Render[] = [];
  const collect = (result: EngineResult) => {
    Object.assign(ratios, result.ratios);
    renders.push(...result.renders);
    rows.push(...result.rows);
    sizeRows.push(...result.sizeRows);
    lines.push(...result.lines);
    missed.push(...result.missed);
  };

  if (options.engines.includes('pglite')) {
    heading('Pages on the embedded database (PGlite)');
    const server = await startEngineServer('PGlite', options, { DATABASE_URL: undefined });
    const stop = onCleanup('PGlite server', () => server.stop());
    try {
      collect(await measureEngine('PGlite', server, options));
    } finally {
      await stop();
    }
  }

  if (options.engines.includes('postgres')) {
    heading('Pages on PostgreSQL');
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
    try {
      scratch = await createScratchDatabase(options.adminUrl, options.dbName);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.log(`PostgreSQL skipped: cannot create ${options.dbName} through ${options.adminUrl} (${reason}); set BENCH_PG_ADMIN_URL.`);
      missed.push(`PostgreSQL: not measured (${reason})`);
    }
    if (scratch) {
      const { url, drop: dropDatabase } = scratch;
      console.log(`created scratch database ${options.dbName}`);
      const drop = onCleanup(`drop database ${options.dbName}`, async () => {
        await dropDatabase();
        console.log(`dropped scratch database ${options.dbName}`);
      });
      try {
        const server = await startEngineServer('PostgreSQL', options, { DATABASE_URL: url });
        const stop = onCleanup('PostgreSQL server', () => server.stop());
        try {
          collect(await measureEngine('PostgreSQL', server, options));
        } finally {
          await stop();
        }
      } finally {
        await drop();
      }
    }
  }

  heading('Pages: results');
  console.log(table(['page', 'KB', 'CPU ms/req', 'req/s', 'p50 ms', 'p99 ms', 'non2xx/err/to', 'bare req/s', 'bare p99', 'ratio', 'target'], rows));
  console.log('ratio = real req/s ÷ bare req/s, measured alternately in this run; KB = uncompressed response body.');
  console.log(
    "CPU ms/req = CPU time of the server process per answered request while measured (PGlite runs inside it; PostgreSQL's " +
      'own processes are not counted): steadier than req/s when other work shares the machine.',
  );
  console.log(
    `targets: visitor pages ≥ ${VISITOR_RATIO} × bare, p99 ≤ ${VISITOR_P99_MS} ms; member SSR ≥ ${MEMBER_RATIO} × bare, p99 ≤ ${MEMBER_P99_MS} ms; ` +
      `member .data ≥ ${DATA_RATIO} × bare.`,
  );
  console.log(
    process.env.MEMBER_PAGE_CACHE_SECONDS === '0'
      ? 'member rows: every request rendered (MEMBER_PAGE_CACHE_SECONDS=0).'
      : "member rows: repeat visits of the same tab, answered from what was kept for the member's session (ADR 0048); " +
          'MEMBER_PAGE_CACHE_SECONDS=0 measures every request rendered, as a first visit or the first after a change is.',
  );
  if (sizeRows.length) {
    console.log();
    console.log(table(['HTML size', 'KB', 'inline data KB', 'target'], sizeRows));
  }
  if (renders.length) {
    const judged = judgeRenders(renders);
    console.log();
    console.log(table(['page rendered (cache off)', 'engine', 'CPU ms a render', '÷ PostgreSQL', 'target', 'verdict'], judged.rows));
    console.log(
      `render targets (issue 36): server CPU a render ≤ ${VISITOR_RENDER_MS} ms for a visitor page and ≤ ${MEMBER_RENDER_MS} ms for a member's ` +
        `on PostgreSQL, PGlite within ${PGLITE_RENDER_FACTOR}× of those; ÷ PostgreSQL = PGlite's figure over PostgreSQL's for the page in this run.`,
    );
    lines.push(...judged.lines);
    missed.push(...judged.missed);
  }
  const cache = process.env.MEMBER_PAGE_CACHE_SECONDS === '0' && process.env.PAGE_CACHE_SECONDS === '0' ? 'uncached' : 'cached';
  return { name: 'pages', lines, missed, ratios: Object.fromEntries(Object.entries(ratios).map(([name, ratio]) => [`pages ${cache} ${name}`, ratio])) };
}

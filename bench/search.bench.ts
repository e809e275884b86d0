import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { createSitesRepository } from '../server/db/repositories/sites.repository';
import type { SiteRow } from '../server/db/schema/index';
import { onCleanup } from './support/cleanup';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';
import { BENCH_SITE_DOMAIN, benchSiteRow, buildRequestMix, describeData, loadMembers, type Exec, type LoadStep } from './support/search-data';
import { buildDistanceMix, prepareSearchers, recordMemberRequests } from './support/search-distance';
import { DISTANCE_TARGETS, LOGGED_OUT_TARGETS, measureEngine, type EngineResult, type Prepared, type SearchTargets } from './support/search-measure';
import { recordRequests, type RecordedRequest } from './support/search-sql';
import { describeBuild, startServer, type RunningServer } from './support/server';

/**
 * Member search (`GET /api/members.php`) on a large database against its ceiling: the very SQL
 * the search service issues for the same request, run directly through `pg` (or an in-process
 * PGlite) in the same run, alternating with the API in slices. Two mixes: logged-out searches
 * (most recently active first), and on PostgreSQL signed-in members' searches, nearest first
 * from their place (ADR 0067; BENCH_SEARCH_DISTANCE=0 skips them).
 *
 * PostgreSQL: a scratch database (BENCH_SEARCH_DB, dropped at the end) with BENCH_SEARCH_MEMBERS
 * members (1,000,000). PGlite: a temp DATA_DIR with BENCH_SEARCH_PGLITE_MEMBERS (100,000); the
 * ceiling runs on a copy of that directory, since PGlite allows one process per directory.
 * Targets (PostgreSQL): logged out, API ≥ 0.70 × direct q/s at every connection count and API p99
 * ≤ 10 ms at 1 connection (issue 36); nearest first, ≥ 0.60 and ≤ 15 ms. PGlite figures are
 * reported only.
 */

interface Settings {
  seconds: number;
  rounds: number;
  warmup: number;
  connections: number[];
  requests: number;
  distanceRequests: number;
  verbose: boolean;
  explain: boolean;
  distance: boolean;
  extraSql: string[];
}

function settings(): Settings {
  const list = (process.env.BENCH_SEARCH_CONNECTIONS ?? '1,16')
    .split(',')
    .map((item) => Math.round(Number(item.trim())))
    .filter((n) => Number.isFinite(n) && n > 0);
  return {
    seconds: envNumber('BENCH_SECONDS', 10),
    rounds: Math.round(envNumber('BENCH_ROUNDS', 2)),
    warmup: envNumber('BENCH_WARMUP_SECONDS', 2),
    connections: list.length ? list : [1, 16],
    requests: Math.round(envNumber('BENCH_SEARCH_REQUESTS', 200)),
    distanceRequests: Math.round(envNumber('BENCH_SEARCH_DISTANCE_REQUESTS', envNumber('BENCH_SEARCH_REQUESTS', 200))),
    verbose: process.env.BENCH_VERBOSE === '1',
    explain: process.env.BENCH_SEARCH_EXPLAIN === '1',
    distance: process.env.BENCH_SEARCH_DISTANCE !== '0',
    extraSql: (process.env.BENCH_SEARCH_EXTRA_SQL ?? '')
      .split(';')
      .map((statement) => statement.trim())
      .filter(Boolean),
  };
}

export async function runSearchBench(): Promise<BenchOutcome> {
  const options = settings();
  const engines = (process.env.BENCH_SEARCH_ENGINES ?? 'postgres,pglite').split(',').map((item) => item.trim().toLowerCase());
  heading('Search: GET /api/members.php vs the same SQL run directly');
  console.log(machineLine());
  console.log(describeBuild());
  console.log(
    `${options.requests} seeded logged-out searches${options.distance ? ` and, on PostgreSQL, ${options.distanceRequests} signed-in searches nearest first` : ''}, ` +
      `cycled in order by every client; per connection count ` +
      `${options.warmup} s warm-up per side, then ${options.seconds} s per side in ${options.rounds} alternating slices`,
  );
  console.log(
    'direct = the SQL the search service issues for the same request (recorded through the real service and repository), ' +
      '(a signed-in one: the searcher lookup first), page and count in parallel, then the "similar" pair when the service asks for it; ' +
      'one direct query = one API request.',
  );
  if (options.extraSql.length) console.log(`BENCH_SEARCH_EXTRA_SQL after loading: ${options.extraSql.join('; ')}`);

  const rows: string[][] = [];
  const lines: string[] = [];
  const missed: string[] = [];
  const collect = (result: EngineResult) => {
    rows.push(...result.rows);
    lines.push(...result.lines);
    missed.push(...result.missed);
  };
  if (engines.includes('postgres')) collect(await runPostgres(options));
  if (engines.includes('pglite')) collect(await runPglite(options));

  heading('Search: results');
  console.log(table(['engine', 'conns', 'API req/s', 'API p50', 'API p99', 'API faults', 'direct q/s', 'direct p50', 'direct p99', 'ratio', 'target'], rows));
  console.log(`ratio = API req/s ÷ direct q/s; latencies in ms; API faults = non-2xx/errors/timeouts.`);
  const targets = (mix: string, { ratio, p99Ms }: SearchTargets) =>
    `${mix} ratio ≥ ${ratio.toFixed(2)} at every connection count, API p99 ≤ ${p99Ms} ms at 1 connection`;
  console.log(`targets (PostgreSQL): ${targets('logged out', LOGGED_OUT_TARGETS)}; ${targets('by distance', DISTANCE_TARGETS)}.`);
  const ratios = Object.fromEntries(rows.map((row) => [`search ${row[0]}, ${row[1]} conn`, Number(row[9])]));
  return { name: 'search', lines, missed, ratios };
}

// -------------------------------------------------------------------------------------------
// PostgreSQL

async function runPostgres(options: Settings): Promise<EngineResult> {
  const members = Math.round(envNumber('BENCH_SEARCH_MEMBERS', 1_000_000));
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = process.env.BENCH_SEARCH_DB ?? 'rdv_bench_search';
  const keep = process.env.BENCH_SEARCH_KEEP === '1';
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`BENCH_SEARCH_DB must be a plain lower-case name, got "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const scratchUrl = url.toString();

  heading(`Search on PostgreSQL: ${members.toLocaleString('en')} members`);
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`PostgreSQL skipped: cannot connect to ${adminUrl} (${reason}); set BENCH_PG_ADMIN_URL.`);
    return { rows: [], lines: [`PostgreSQL: skipped (cannot connect to ${adminUrl})`], missed: [] };
  }
  const { rows: versionRows } = await admin.query('select version() as v');
  console.log(String(versionRows[0].v).split(',')[0]);
  const closeAdmin = onCleanup('admin connection', () => admin.end());
  const dropScratch = onCleanup(`drop database ${dbName}`, async () => {
    if (keep) return console.log(`BENCH_SEARCH_KEEP=1: kept database ${dbName} (${scratchUrl})`);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    console.log(`dropped scratch database ${dbName}`);
  });

  try {
    const reused = keep && (await reusable(admin, dbName, scratchUrl, members));
    let site: SiteRow;
    if (reused) {
      console.log(`BENCH_SEARCH_KEEP=1: reusing ${dbName}, already loaded with ${members.toLocaleString('en')} members`);
      site = await withDatabase(scratchUrl, (db) => createSitesRepository(db).findByDomain(BENCH_SITE_DOMAIN)).then((row) => row!);
    } else {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.query(`create database ${dbName}`);
      console.log(`created scratch database ${dbName}`);
      site = await loadPostgres(scratchUrl, members, options);
    }

    const pool = new pg.Pool({ connectionString: scratchUrl, max: 20 });
    // pool.end() resolves before its sockets have closed; dropping the database WITH (FORCE) right
    // after terminates them, which an idle client reports as an error: expected, not a crash.
    pool.on('error', () => {});
    const endPool = onCleanup('direct pool', () => pool.end());
    const exec: Exec = (text, params) => pool.query(text, params as unknown[]);
    const recorded = await record(exec, site, options);

    // The jobs (digests and other mail to a million members) run in a worker of their own, as in
    // production on PostgreSQL: in the server they held its event loop for 100–300 ms at a time.
    const server = await startSearchServer('PostgreSQL', options, { DATABASE_URL: scratchUrl, WORKER: 'off' });
    const stopServer = onCleanup('PostgreSQL server', () => server.stop());
    try {
      const prepared: Prepared = {
        engine: 'PostgreSQL',
        exec,
        describeDirect: 'pg.Pool (max 20, as the app)',
        server,
        recorded,
        targets: LOGGED_OUT_TARGETS,
        enforced: true,
      };
      const result = await measureEngine(prepared, options);
      if (!options.distance) return result;
      const distance = await measureEngine(
        { ...prepared, engine: 'PostgreSQL, by distance', targets: DISTANCE_TARGETS, recorded: await recordDistance(exec, scratchUrl, site, members, options) },
        options,
      );
      return { rows: [...result.rows, ...distance.rows], lines: [...result.lines, ...distance.lines], missed: [...result.missed, ...distance.missed] };
    } finally {
      await stopServer();
      await endPool();
    }
  } finally {
    await dropScratch();
    await closeAdmin();
  }
}

/** With BENCH_SEARCH_KEEP=1 a database from an earlier run is reused when it holds the same members. */
async function reusable(admin: pg.Client, dbName: string, scratchUrl: string, members: number): Promise<boolean> {
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
  if (!rowCount) return false;
  const client = new pg.Client({ connectionString: scratchUrl });
  await client.connect();
  try {
    // Members without places come from a loader before the distance mix: not reusable.
    const { rows } = await client.query(
      `select (select count(*) from profiles)::int as n, (select count(*) from sites where domain = $1)::int as sites,
              exists (select 1 from profiles where latitude is not null) as placed`,
      [BENCH_SITE_DOMAIN],
    );
    return rows[0].n === members && rows[0].sites === 1 && rows[0].placed;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

async function withDatabase<T>(url: string, work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

async function loadPostgres(scratchUrl: string, members: number, options: Settings): Promise<SiteRow> {
  const started = performance.now();
  const handle = await openDatabase({ kind: 'postgres', url: scratchUrl, poolSize: 2 });
  try {
    console.log(`schema: migrations applied by openDatabase() in ${seconds(started)}`);
    const site = await createSitesRepository(handle.db).insert(benchSiteRow());
    const client = await handle.pool!.connect();
    try {
      // Session settings for the load only; the server and the ceiling run on the defaults.
      await client.query(`set work_mem = '256MB'`);
      await client.query(`set maintenance_work_mem = '512MB'`);
      await client.query(`set synchronous_commit = off`);
      const exec: Exec = (text, params) => client.query(text, params as unknown[]);
      await runLoad(exec, site.id, members, options);
    } finally {
      client.release();
    }
    console.log(`total load time (schema, members, indexes, vacuum analyze): ${seconds(started)}`);
    return site;
  } finally {
    await handle.close();
  }
}

async function runLoad(exec: Exec, siteId: number, members: number, options: Settings): Promise<LoadStep[]> {
  const started = performance.now();
  const steps = await loadMembers(exec, {
    siteId,
    count: members,
    onStep: (step) => console.log(`  ${step.step.padEnd(30)} ${step.seconds.toFixed(1).padStart(7)} s`),
  });
  console.log(
    `loaded ${members.toLocaleString('en')} members in ${seconds(started)} (${Math.round(members / ((performance.now() - started) / 1000)).toLocaleString('en')} members/s)`,
  );
  for (const statement of options.extraSql) {
    const t0 = performance.now();
    await exec(statement);
    console.log(`  extra: ${statement} (${seconds(t0)})`);
  }
  if (options.extraSql.length) await exec('analyze users, profiles, photos');
  console.log(await describeData(exec));
  return steps;
}

// -------------------------------------------------------------------------------------------
// PGlite

async function runPglite(options: Settings): Promise<EngineResult> {
  const members = Math.round(envNumber('BENCH_SEARCH_PGLITE_MEMBERS', 100_000));
  heading(`Search on PGlite: ${members.toLocaleString('en')} members`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rendezvous-search-bench-'));
  const removeRoot = onCleanup('PGlite temp dir', () => fs.rmSync(root, { recursive: true, force: true }));
  try {
    const dataDir = path.join(root, 'server');
    const dbDir = path.join(dataDir, 'pglite');
    const started = performance.now();
    const loader = await openDatabase({ kind: 'pglite', dir: dbDir });
    let site: SiteRow;
    try {
      console.log(`schema: migrations applied by openDatabase() in ${seconds(started)}`);
      site = await createSitesRepository(loader.db).insert(benchSiteRow());
      const exec: Exec = (text, params) => loader.pglite!.query(text, params);
      await runLoad(exec, site.id, members, options);
    } finally {
      await loader.close();
    }
    console.log(`total load time (schema, members, indexes, vacuum analyze): ${seconds(started)}; DATA_DIR ${dataDir}`);

    // PGlite is one process per directory: the server gets the original, the ceiling a copy.
    const copyDir = path.join(root, 'ceiling', 'pglite');
    const copyStarted = performance.now();
    fs.cpSync(dbDir, copyDir, { recursive: true });
    console.log(`copied the database for the in-process ceiling (${directorySize(copyDir)}) in ${seconds(copyStarted)}`);
    const direct = await openDatabase({ kind: 'pglite', dir: copyDir }, { migrate: false });
    const closeDirect = onCleanup('PGlite ceiling', () => direct.close());
    try {
      const exec: Exec = (text, params) => direct.pglite!.query(text, params);
      const recorded = await record(exec, site, options);
      const server = await startSearchServer('PGlite', options, { DATABASE_URL: undefined }, dataDir);
      const stopServer = onCleanup('PGlite server', () => server.stop());
      try {
        return await measureEngine(
          { engine: 'PGlite', exec, describeDirect: 'PGlite in the bench process', server, recorded, targets: LOGGED_OUT_TARGETS, enforced: false },
          options,
        );
      } finally {
        await stopServer();
      }
    } finally {
      await closeDirect();
    }
  } finally {
    await removeRoot();
  }
}

function directorySize(dir: string): string {
  let bytes = 0;
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else bytes += fs.statSync(full).size;
    }
  };
  walk(dir);
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

// -------------------------------------------------------------------------------------------
// Shared steps

async function record(exec: Exec, site: SiteRow, options: Settings): Promise<RecordedRequest[]> {
  const started = performance.now();
  const recorded = await recordRequests(exec, site, buildRequestMix(options.requests));
  const statements = recorded.reduce((sum, r) => sum + r.phases.flat().length, 0);
  const similar = recorded.filter((r) => r.phases.length > 1).length;
  console.log(
    `recorded the service's SQL for ${recorded.length} requests in ${seconds(started)}: ${statements} statements ` +
      `(${similar} requests also ask for similar profiles)`,
  );
  return recorded;
}

/** Signed-in searches by members with a place (each given a session), recorded through the service as that member. */
async function recordDistance(exec: Exec, url: string, site: SiteRow, members: number, options: Settings): Promise<RecordedRequest[]> {
  heading('Search on PostgreSQL: signed-in members, nearest first');
  const started = performance.now();
  const searchers = await prepareSearchers(exec, members, Math.min(options.distanceRequests, members));
  const recorded = await recordMemberRequests(url, site, buildDistanceMix(searchers, options.distanceRequests));
  const statements = recorded.reduce((sum, r) => sum + r.phases.flat().length, 0);
  const radius = recorded.filter((r) => r.request.query.radius).length;
  const similar = recorded.filter((r) => r.phases.length > r.main + 1).length;
  console.log(
    `${searchers.length} searchers with a place and a session; recorded the service's SQL for ${recorded.length} requests in ${seconds(started)}: ` +
      `${statements} statements (the searcher's lookup first; ${radius} with a radius; ${similar} also ask for similar profiles)`,
  );
  return recorded;
}

async function startSearchServer(engine: string, options: Settings, env: Record<string, string | undefined>, dataDir?: string): Promise<RunningServer> {
  console.log(`starting \`node scripts/start.mjs\` on ${engine} (NODE_ENV=production, SEED_DEMO=false, DEFAULT_SITE_DOMAIN=${BENCH_SITE_DOMAIN})…`);
  const server = await startServer({
    demoMembers: 0,
    verbose: options.verbose,
    dataDir,
    env: { ...env, SEED_DEMO: 'false', DEFAULT_SITE_DOMAIN: BENCH_SITE_DOMAIN },
  });
  console.log(`ready at ${server.url} after ${server.startSeconds.toFixed(1)} s`);
  return server;
}

// -------------------------------------------------------------------------------------------
// Numbers

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

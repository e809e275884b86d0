import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { OrdersQuery } from '../contract/admin/money';
import { openDatabase, type Database } from '../server/db/client';
import * as schema from '../server/db/schema/index';
import { createSitesRepository } from '../server/db/repositories/sites.repository';
import { createAuditService } from '../server/domain/audit/audit.service';
import { createConsoleOrdersService } from '../server/domain/money/console-orders.service';
import { systemClock } from '../server/domain/shared/clock';
import { benchStaffCookie, loadOrders } from './support/admin-data';
import { FIGURE_COUNT_TABLES, FIGURES_TARGET_P99_MS, figuresRequests, REBUILD_ACTIVITY_WEEKS, TRIGGERED_TABLES } from './support/admin-figures';
import { loadActivity, spreadSignups } from './support/figures-data';
import { adminMemberRequests } from './support/admin-members';
import { onCleanup } from './support/cleanup';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';
import { BENCH_SITE_DOMAIN, benchSiteRow, loadMembers, type Exec } from './support/search-data';
import { describeBuild, startServer } from './support/server';

/**
 * The console's list pages on a large PostgreSQL database (issue 16): member search and orders
 * with BENCH_ADMIN_MEMBERS members (1,000,000) and BENCH_ADMIN_ORDERS orders (1,000,000), as a
 * signed-in admin at 1 connection. The ceiling is the same console service call — the very
 * queries the route runs — made in-process on a `pg` pool, without HTTP, the staff session check,
 * validation or JSON. Each request of the mix runs on both sides in turn.
 * Target: API p99 ≤ 50 ms for every request of the mix.
 *
 * The owners' figures (issue 33, ADR 0065) on the same members and orders, spread over a year of
 * sign-ups, with BENCH_ADMIN_SESSIONS sign-ins and BENCH_ADMIN_MESSAGES messages (2,000,000
 * each): the page's call for 52 weeks — the 12-month cohort table and every KPI — held to p99
 * ≤ 500 ms, against the same service call in-process. BENCH_ADMIN_PARTS picks `lists`,
 * `figures` or both (the default).
 */

const TARGET_P99_MS = 50;

export interface AdminRequest {
  label: string;
  /** The console API call, with its query string. */
  path: string;
  /** The same call straight to the service. */
  direct: () => Promise<unknown>;
  /** A list page held to the target; other calls (a month's totals) are reported only. */
  listPage?: false;
  /** The p99 this call is held to, when not the list pages' (the owners' figures). */
  targetMs?: number;
  /** Calls measured (after one warm-up), when fewer than the others': a call reported only that reads every fact of a year. */
  iterations?: number;
  /** Measured only in-process (a query of a figure on its own). */
  apiless?: boolean;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};

async function timeIt(iterations: number, run: () => Promise<unknown>): Promise<{ p50: number; p99: number; perSecond: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let index = 0; index < iterations; index++) {
    const t0 = performance.now();
    await run();
    latencies.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), perSecond: iterations / seconds };
}

export async function runAdminBench(): Promise<BenchOutcome> {
  const members = Math.round(envNumber('BENCH_ADMIN_MEMBERS', 1_000_000));
  const orders = Math.round(envNumber('BENCH_ADMIN_ORDERS', 1_000_000));
  const iterations = Math.round(envNumber('BENCH_ADMIN_ITERATIONS', 300));
  const parts = new Set((process.env.BENCH_ADMIN_PARTS ?? 'lists,figures').split(',').map((part) => part.trim()));
  const sessions = Math.round(envNumber('BENCH_ADMIN_SESSIONS', 2_000_000));
  const messages = Math.round(envNumber('BENCH_ADMIN_MESSAGES', 2_000_000));
  const figureIterations = Math.round(envNumber('BENCH_ADMIN_FIGURE_ITERATIONS', 50));
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = 'rdv_bench_admin';
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const scratchUrl = url.toString();

  heading(`Console lists and owners' figures on PostgreSQL: ${members.toLocaleString('en')} members, ${orders.toLocaleString('en')} orders`);
  console.log(machineLine());
  console.log(describeBuild());
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`skipped: cannot connect to ${adminUrl} (${error instanceof Error ? error.message : error}); set BENCH_PG_ADMIN_URL.`);
    return { name: 'admin', lines: [`skipped (cannot connect to ${adminUrl})`], missed: [] };
  }
  const closeAdmin = onCleanup('admin connection', () => admin.end());
  const dropScratch = onCleanup(`drop database ${dbName}`, async () => {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    console.log(`dropped scratch database ${dbName}`);
  });

  try {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    const handle = await openDatabase({ kind: 'postgres', url: scratchUrl, poolSize: 2 });
    let cookie: string;
    let siteId: number;
    try {
      const site = await createSitesRepository(handle.db).insert(benchSiteRow());
      siteId = site.id;
      const client = await handle.pool!.connect();
      try {
        // Session settings for the load only; the server and the ceiling run on the defaults.
        await client.query(`set work_mem = '256MB'`);
        await client.query(`set maintenance_work_mem = '512MB'`);
        await client.query(`set synchronous_commit = off`);
        const exec: Exec = (text, params) => client.query(text, params as unknown[]);
        const loadStarted = performance.now();
        await loadMembers(exec, { siteId, count: members });
        console.log(`members loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
        // The activity weeks and the figures' counts are built once after loading, in one statement each, instead of by the
        // triggers row batch by row batch (and member by member, for the sign-ups spread over the year).
        for (const table of TRIGGERED_TABLES) await client.query(`alter table ${table} disable trigger user`);
        const ordersStarted = performance.now();
        await loadOrders(exec, { siteIds: [siteId], members, count: orders });
        console.log(`orders loaded in ${((performance.now() - ordersStarted) / 1000).toFixed(1)} s`);
        if (parts.has('figures')) {
          const activityStarted = performance.now();
          await spreadSignups(exec);
          await loadActivity(exec, { members, sessions, messages });
          await client.query(REBUILD_ACTIVITY_WEEKS);
          await client.query('vacuum (analyze) member_activity_weeks');
          console.log(
            `a year of sign-ups, ${sessions.toLocaleString('en')} sign-ins and ${messages.toLocaleString('en')} messages loaded in ${((performance.now() - activityStarted) / 1000).toFixed(1)} s`,
          );
        }
        for (const table of TRIGGERED_TABLES) await client.query(`alter table ${table} enable trigger user`);
        const countsStarted = performance.now();
        await client.query('select figure_counts_rebuild()');
        for (const table of FIGURE_COUNT_TABLES) await client.query(`vacuum (analyze) ${table}`);
        console.log(`the figures' counts rebuilt in ${((performance.now() - countsStarted) / 1000).toFixed(1)} s`);
      } finally {
        client.release();
      }
      cookie = await benchStaffCookie(handle.db);
    } finally {
      await handle.close();
    }

    const pool = new pg.Pool({ connectionString: scratchUrl, max: 20 });
    pool.on('error', () => {});
    const endPool = onCleanup('direct pool', () => pool.end());
    const db = drizzle(pool, { schema }) as unknown as Database;
    const audit = createAuditService({ db, clock: systemClock });
    const consoleOrders = createConsoleOrdersService({ db, audit });

    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const orderPage = (query: Record<string, string>): AdminRequest => ({
      label: `orders ${new URLSearchParams(query).toString() || '(newest first)'}`,
      path: `/api/admin/orders?${new URLSearchParams(query)}`,
      direct: () => consoleOrders.page(OrdersQuery.parse(query), null),
    });
    const lists: AdminRequest[] = [
      ...adminMemberRequests(db, { siteId }),
      orderPage({}),
      orderPage({ status: 'paid' }),
      orderPage({ status: 'failed', payment_method: 'ideal' }),
      orderPage({ site_id: String(siteId), from: monthAgo, to: today }),
      orderPage({ sort: 'amount', dir: 'desc' }),
      orderPage({ user_id: '4242' }),
      {
        label: `orders/totals ${monthAgo}…${today}`,
        path: `/api/admin/orders/totals?from=${monthAgo}&to=${today}`,
        direct: () => consoleOrders.totals({ from: monthAgo, to: today }, null),
        // Sums a month of orders (about 80,000 index entries): its own request beside the list, reported only (ADR 0027).
        listPage: false,
      },
    ];
    const figures: AdminRequest[] = figuresRequests(db, { siteId }).map((request) => ({
      ...request,
      listPage: request.held ? undefined : false,
      targetMs: FIGURES_TARGET_P99_MS,
    }));
    const mix = [...(parts.has('lists') ? lists : []), ...(parts.has('figures') ? figures : [])];

    // The console is measured, not the jobs: on PostgreSQL the worker runs as its own process (as the
    // search and mail benches run it). With it inside, a fresh start over a million members sent
    // digests while the figures were timed, and the API took 0.11 of the direct calls' rate.
    const server = await startServer({ env: { DATABASE_URL: scratchUrl, SEED_DEMO: 'false', DEFAULT_SITE_DOMAIN: BENCH_SITE_DOMAIN, WORKER: 'off' } });
    const stopServer = onCleanup('admin bench server', () => server.stop());
    const rows: string[][] = [];
    const missed: string[] = [];
    const lines: string[] = [];
    try {
      for (const request of mix) {
        const target = request.targetMs ?? TARGET_P99_MS;
        const runs = request.iterations ?? (request.targetMs ? figureIterations : iterations);
        const warmUps = request.iterations ? 1 : request.targetMs ? 5 : 20;
        if (request.apiless) {
          await timeIt(Math.min(warmUps, 5), request.direct);
          const direct = await timeIt(runs, request.direct);
          rows.push([request.label, '–', '–', direct.p50.toFixed(1), direct.p99.toFixed(1), '–', 'report']);
          continue;
        }
        const api = async () => {
          const response = await fetch(`${server.url}${request.path}`, { headers: { cookie } });
          if (response.status !== 200) throw new Error(`${request.path} answered ${response.status}: ${await response.text()}`);
          await response.arrayBuffer();
        };
        // Warm both sides (plans, caches, connections), then measure each in turn.
        await timeIt(warmUps, api);
        await timeIt(warmUps, request.direct);
        const viaApi = await timeIt(runs, api);
        const direct = await timeIt(runs, request.direct);
        const ratio = viaApi.perSecond / direct.perSecond;
        const held = request.listPage !== false;
        const met = viaApi.p99 <= target;
        if (held && !met) missed.push(`admin: ${request.label} API p99 ${viaApi.p99.toFixed(1)} ms > ${target} ms`);
        rows.push([
          request.label,
          viaApi.p50.toFixed(1),
          viaApi.p99.toFixed(1),
          direct.p50.toFixed(1),
          direct.p99.toFixed(1),
          ratio.toFixed(2),
          held ? (met ? 'PASS' : 'FAIL') : 'report',
        ]);
      }
    } finally {
      await stopServer();
      await endPool();
    }

    heading("Console lists and owners' figures: results (1 connection)");
    console.log(table(['request', 'API p50', 'API p99', 'direct p50', 'direct p99', 'ratio', 'target'], rows));
    console.log(
      `latencies in ms over ${iterations} calls each (figures: ${figureIterations}); ratio = API calls/s ÷ direct calls/s; target: API p99 ≤ ${TARGET_P99_MS} ms (lists), ≤ ${FIGURES_TARGET_P99_MS} ms (figures, 52 weeks).`,
    );
    const isFigure = (row: string[]) => row[0].startsWith('figures') || row[0].startsWith('cohort') || row[0].startsWith('KPI');
    const listRows = rows.filter((row) => row[6] !== 'report' && !isFigure(row));
    if (listRows.length) {
      const worst = listRows.reduce((top, row) => (Number(row[2]) > Number(top[2]) ? row : top), listRows[0]);
      lines.push(
        `list pages: worst API p99 ${worst[2]} ms (${worst[0]}), direct ${worst[4]} ms; ratios ${Math.min(...listRows.map((row) => Number(row[5]))).toFixed(2)}–${Math.max(...listRows.map((row) => Number(row[5]))).toFixed(2)}`,
      );
    }
    for (const row of rows.filter((candidate) => isFigure(candidate) && candidate[6] !== 'report')) {
      lines.push(`${row[0]}: API p50 ${row[1]} ms, p99 ${row[2]} ms; direct p50 ${row[3]} ms, p99 ${row[4]} ms; ratio ${row[5]} (${row[6]})`);
    }
    for (const row of rows.filter((candidate) => candidate[6] === 'report')) {
      lines.push(`${row[0]} (reported only): ${row[1] === '–' ? `direct p50 ${row[3]} ms, p99 ${row[4]} ms` : `API p50 ${row[1]} ms, p99 ${row[2]} ms`}`);
    }
    return { name: 'admin', lines, missed };
  } finally {
    await dropScratch();
    await closeAdmin();
  }
}

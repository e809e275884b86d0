import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCluster } from '../../scripts/cluster/start-cluster';
import type { ChatBenchMember } from './chat-data';
import { cpuSecondsOf } from './process-stats';
import { runChatClosedLoop } from './cluster-chat-loop';

/**
 * Throughput only (issue 36): the same database and Redis behind nginx with 1, 2, 3 … instances,
 * no kills. Per instance count: the chat closed loop over the sockets (messages/s) and a signed-in
 * member's `/members` rendered on every request (pages/s), each with the CPU the instances,
 * nginx and this database's PostgreSQL processes used, and the database's commits per second.
 */
export interface ScalePhase {
  instances: number;
  kind: 'chat' | 'pages';
  /** Messages acknowledged or pages answered 200, per second. */
  rate: number;
  /** Cores used over the phase. */
  appCores: number;
  nginxCores: number;
  postgresCores: number;
  /** Share of the whole machine busy (other engineers' work included). */
  machineBusy: number;
  commitsPerSecond: number;
  errors: number;
}

export async function measureScaling(options: {
  counts: number[];
  databaseUrl: string;
  env: Record<string, string>;
  members: ChatBenchMember[];
  seconds: number;
  port: number;
  log: (line: string) => void;
}): Promise<ScalePhase[]> {
  const phases: ScalePhase[] = [];
  for (const count of options.counts) {
    const cluster = await startCluster({
      instances: count,
      port: options.port,
      // Every page rendered: the figure is what an instance's CPU gives, not what a cache saves.
      env: { ...options.env, PAGE_CACHE_SECONDS: '0', MEMBER_PAGE_CACHE_SECONDS: '0' },
      log: options.log,
    });
    try {
      // The worker runs no load here; it stays out of the CPU figures but is stopped with the rest.
      const appPids = () => cluster.instances.map((instance) => instance.process?.pid).filter((pid): pid is number => !!pid);
      // nginx's workers are replaced on every reload (readiness changes): looked up per phase.
      const nginxPids = () => findNginxPids(cluster.dataDir);
      await warmUp(cluster.url, options.members);
      phases.push(
        await measurePhase(count, 'chat', options.databaseUrl, appPids(), nginxPids, () => runChatLoop(cluster.url, options.members, options.seconds)),
      );
      phases.push(
        await measurePhase(count, 'pages', options.databaseUrl, appPids(), nginxPids, () => runMemberPages(cluster.url, options.members, options.seconds)),
      );
    } finally {
      await cluster.stop();
    }
  }
  return phases;
}

/** A few seconds of both loads first, so every instance has compiled its hot paths. */
async function warmUp(url: string, members: ChatBenchMember[]) {
  await runChatLoop(url, members, 2);
  await runMemberPages(url, members, 2);
}

async function measurePhase(
  instances: number,
  kind: ScalePhase['kind'],
  databaseUrl: string,
  appPids: number[],
  nginxPids: () => number[],
  load: () => Promise<{ done: number; seconds: number; errors: number }>,
): Promise<ScalePhase> {
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    const cpu = (pids: number[]) => pids.reduce((sum, pid) => sum + safeCpuSeconds(pid), 0);
    const postgresBefore = cpuByPid(await databasePids(database));
    const nginxBefore = cpuByPid(nginxPids());
    const before = { app: cpu(appPids), commits: await commits(database), machine: machineTicks() };
    const result = await load();
    // Per process: a backend opened during the load counts from its start; one closed meanwhile is lost to the figure.
    const postgresAfter = cpuByPid(await databasePids(database));
    const postgresSeconds = [...postgresAfter].reduce((sum, [pid, seconds]) => sum + seconds - (postgresBefore.get(pid) ?? 0), 0);
    const nginxAfter = cpuByPid(nginxPids());
    const nginxSeconds = [...nginxAfter].reduce((sum, [pid, seconds]) => sum + seconds - (nginxBefore.get(pid) ?? 0), 0);
    const after = { app: cpu(appPids), commits: await commits(database), machine: machineTicks() };
    return {
      instances,
      kind,
      rate: result.done / result.seconds,
      appCores: (after.app - before.app) / result.seconds,
      nginxCores: nginxSeconds / result.seconds,
      postgresCores: postgresSeconds / result.seconds,
      machineBusy: (after.machine.busy - before.machine.busy) / Math.max(1, after.machine.total - before.machine.total),
      commitsPerSecond: (after.commits - before.commits) / result.seconds,
      errors: result.errors,
    };
  } finally {
    await database.end();
  }
}

/** Closed loop: every member keeps one message in flight; acknowledged messages in `seconds`. */
async function runChatLoop(url: string, members: ChatBenchMember[], seconds: number) {
  const loop = await runChatClosedLoop(url, members, seconds);
  return { done: loop.acked, seconds: loop.seconds, errors: 0 };
}

/** A signed-in member's search page, rendered on every request (caches off), 16 connections, members in turn. */
async function runMemberPages(url: string, members: ChatBenchMember[], seconds: number) {
  const cookies = members.slice(0, 50).map((member) => `rdv_session=${member.token}`);
  let next = 0;
  const result = await autocannon({
    url: `${url}/members`,
    connections: 16,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: cookies[next++ % cookies.length]! } }),
      },
    ],
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  const ok = result['2xx'];
  return { done: ok, seconds: result.duration, errors: result.non2xx + result.errors + result.timeouts };
}

function findNginxPids(dataDir: string): number[] {
  // The master writes its pid under the cluster's prefix; its workers are its children.
  try {
    const master = Number(fs.readFileSync(`${dataDir}/nginx/nginx.pid`, 'utf8').trim());
    const children = fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((name) => {
        try {
          return fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(master);
        } catch {
          return false;
        }
      })
      .map(Number);
    return [master, ...children];
  } catch {
    return [];
  }
}

/** This database's backends and the server's own processes (WAL writer, checkpointer …), which every commit uses. */
async function databasePids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
     union select pid from pg_stat_activity where backend_type <> 'client backend' and datname is null`,
  );
  return rows.map((row) => row.pid);
}

async function commits(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ commits: string }>(`select xact_commit::text as commits from pg_stat_database where datname = current_database()`);
  return Number(rows[0]!.commits);
}

function cpuByPid(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, safeCpuSeconds(pid)]));
}

function safeCpuSeconds(pid: number): number {
  try {
    return cpuSecondsOf(pid);
  } catch {
    // A pool's backend that closed meanwhile: its time is lost to the figure, a small share.
    return 0;
  }
}

function machineTicks(): { busy: number; total: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3]! + cpu[4]!;
  const total = cpu.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

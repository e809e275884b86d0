import autocannon from 'autocannon';
import pg from 'pg';
import { createScratchDatabase } from './support/chat-data';
import { onCleanup } from './support/cleanup';
import { loadSearchMembersInto } from './support/search-members-db';
import { cpuSecondsOf } from './support/process-stats';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';
import { BENCH_SITE_DOMAIN, buildRequestMix } from './support/search-data';
import { startServer } from './support/server';

/**
 * Member search with and without DATABASE_READ_URL (issue 36, ADR 0080): the search bench's
 * logged-out mix on a scratch database, once with every read on the primary and once with a
 * streaming replica (`BENCH_REPLICA_URL`, a hot standby of `BENCH_PG_ADMIN_URL`'s server) serving
 * the searches, alternately. Printed per phase: requests/s and the CPU that the primary's and the
 * replica's backends for the database used. On one machine the two servers share its cores, so
 * this shows where the work goes, not a gain in throughput.
 */
export async function runReplicaBench(): Promise<BenchOutcome> {
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const replicaAdminUrl = process.env.BENCH_REPLICA_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres';
  const members = envNumber('BENCH_REPLICA_MEMBERS', 100_000);
  const seconds = envNumber('BENCH_SECONDS', 10);
  const rounds = envNumber('BENCH_ROUNDS', 2);
  const connections = envNumber('BENCH_CONNECTIONS', 4);
  heading('Read replica: member search with every read on the primary, then on a streaming replica');
  console.log(machineLine());
  const scratch = await createScratchDatabase(adminUrl, 'rdv_bench_replica');
  const dropScratch = onCleanup('replica bench database', scratch.drop);
  const replicaUrl = new URL(replicaAdminUrl);
  replicaUrl.pathname = new URL(scratch.url).pathname;
  const primary = new pg.Client({ connectionString: scratch.url });
  const standby = new pg.Client({ connectionString: replicaAdminUrl });
  try {
    await loadSearchMembersInto(scratch.url, members);
    // A lost connection fails the next query with its cause instead of crashing the process.
    for (const client of [primary, standby]) client.on('error', (error) => console.warn(`replica bench: ${error.message}`));
    await primary.connect();
    await standby.connect();
    await waitForReplay(primary, standby);
    console.log(`${members.toLocaleString('en')} members loaded and replayed on the standby`);
    const requests = buildRequestMix(200);
    const phases: string[][] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const withReplica of [false, true]) {
        const server = await startServer({
          env: {
            DATABASE_URL: scratch.url,
            ...(withReplica && { DATABASE_READ_URL: replicaUrl.toString() }),
            SEED_DEMO: 'false',
            WORKER: 'off',
            DEFAULT_SITE_DOMAIN: BENCH_SITE_DOMAIN,
          },
        });
        const stopServer = onCleanup('replica bench server', () => server.stop());
        try {
          let next = 0;
          const load = (duration: number) =>
            autocannon({
              url: server.url,
              connections,
              duration,
              timeout: 10,
              headers: { host: BENCH_SITE_DOMAIN },
              requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: requests[next++ % requests.length]!.path }) }],
              renderProgressBar: false,
              renderResultsTable: false,
              renderLatencyTable: false,
            });
          await load(2);
          const before = { primary: await backendCpu(primary), standby: await backendCpu(standby), server: cpuSecondsOf(server.pid) };
          const result = await load(seconds);
          const after = { primary: await backendCpu(primary), standby: await backendCpu(standby), server: cpuSecondsOf(server.pid) };
          const cores = (from: Map<number, number>, to: Map<number, number>) =>
            [...to].reduce((sum, [pid, value]) => sum + value - (from.get(pid) ?? 0), 0) / result.duration;
          phases.push([
            String(round),
            withReplica ? 'replica' : 'primary only',
            (result.requests.total / result.duration).toFixed(0),
            String(result.latency.p99),
            (result.non2xx + result.errors).toString(),
            ((after.server - before.server) / result.duration).toFixed(2),
            cores(before.primary, after.primary).toFixed(2),
            cores(before.standby, after.standby).toFixed(2),
          ]);
        } finally {
          await stopServer();
        }
      }
    }
    console.log(table(['round', 'searches read from', 'req/s', 'p99 ms', 'errors', 'app cores', 'primary backends cores', 'replica backends cores'], phases));
    return {
      name: 'replica',
      lines: phases.map((row) => `round ${row[0]} ${row[1]}: ${row[2]} req/s, primary ${row[6]} / replica ${row[7]} cores`),
      missed: [],
    };
  } finally {
    await primary.end().catch(() => undefined);
    await standby.end().catch(() => undefined);
    await dropScratch();
  }
}

/** Until the standby has replayed everything the primary wrote so far. */
async function waitForReplay(primary: pg.Client, standby: pg.Client) {
  const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const deadline = Date.now() + 300_000;
  for (;;) {
    const replayed = await standby.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [rows[0]!.lsn]);
    if (replayed.rows[0]!.done) return;
    if (Date.now() > deadline) throw new Error('the standby did not catch up within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** CPU seconds so far of every backend connected to the bench's database on that server. */
async function backendCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(`select pid from pg_stat_activity where datname = 'rdv_bench_replica' and pid <> pg_backend_pid()`);
  const seconds = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      seconds.set(pid, cpuSecondsOf(pid));
    } catch {
      // Ended meanwhile.
    }
  }
  return seconds;
}

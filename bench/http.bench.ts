import os from 'node:os';
import autocannon from 'autocannon';
import { captureSnapshot, startBareServer, type Snapshot } from './support/bare-server';
import { cpuSecondsOf } from './support/process-stats';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';
import type { RunningServer } from './support/server';

/**
 * HTTP throughput of the real app against its ceiling: a bare node:http server replaying the
 * very same bytes and headers, measured alternately in the same run on the same machine.
 *
 * Env: BENCH_SECONDS (measured seconds per server and target, default 10), BENCH_ROUNDS
 * (alternating slices the seconds are split into, default 2), BENCH_CONNECTIONS (default 10),
 * BENCH_WARMUP_SECONDS (default 2), BENCH_HTTP_EXTRA (comma-separated extra paths to measure,
 * report only).
 *
 * Beside the req/s ratio (the target), each server's CPU time per answered request: the load
 * generator shares the two cores with both, and on a host whose speed swings from minute to
 * minute the CPU a request costs each server moves less than their throughput.
 */

interface Target {
  name: string;
  path: string;
  /** Minimum real/bare req/s ratio; null = report only. */
  minRatio: number | null;
}

/** Issue 36: small calls near Fastify's own speed (plain Fastify answers at about bare's CPU a request). */
const TARGETS: Target[] = [
  { name: 'settings API', path: '/api/settings.php', minRatio: 0.6 },
  { name: '/healthz', path: '/healthz', minRatio: 0.8 },
  { name: 'SSR /', path: '/', minRatio: null },
];

interface Measurement {
  /** CPU seconds the server process used while measured. */
  cpuSeconds: number;
  requests: number;
  seconds: number;
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
  bytes: number;
}

function emptyMeasurement(): Measurement {
  return { cpuSeconds: 0, requests: 0, seconds: 0, latencies: [], non2xx: 0, errors: 0, timeouts: 0, bytes: 0 };
}

async function load(url: string, seconds: number, connections: number, into?: Measurement, serverPid?: number): Promise<void> {
  // No Accept-Encoding header: both servers send the identical uncompressed payload.
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  if (into) {
    instance.on('response', (_client: unknown, _status: number, resBytes: number, responseTime: number) => {
      into.latencies.push(responseTime);
      into.bytes += resBytes;
    });
  }
  const cpuBefore = serverPid ? cpuSecondsOf(serverPid) : 0;
  const result = await instance;
  if (!into) return;
  if (serverPid) into.cpuSeconds += cpuSecondsOf(serverPid) - cpuBefore;
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.non2xx += result.non2xx;
  into.errors += result.errors;
  into.timeouts += result.timeouts;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

function describeSnapshot(snapshot: Snapshot): string {
  const type = String(snapshot.headers['content-type'] ?? '?');
  const encoding = snapshot.headers['content-encoding'] ? `, ${snapshot.headers['content-encoding']}` : '';
  return `HTTP ${snapshot.status}, ${type}${encoding}, ${snapshot.body.length.toLocaleString('en')} bytes`;
}

function targets(): Target[] {
  const extra = (process.env.BENCH_HTTP_EXTRA ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.startsWith('/'))
    .filter((item) => !TARGETS.some((target) => target.path === item))
    .map((item) => ({ name: item, path: item, minRatio: null }));
  return [...TARGETS, ...extra];
}

export async function runHttpBench(server: RunningServer): Promise<BenchOutcome> {
  const seconds = envNumber('BENCH_SECONDS', 10);
  const rounds = Math.round(envNumber('BENCH_ROUNDS', 2));
  const connections = Math.round(envNumber('BENCH_CONNECTIONS', 10));
  const warmup = envNumber('BENCH_WARMUP_SECONDS', 2);
  const slice = seconds / rounds;

  heading('HTTP: real app vs bare node:http replaying the same bytes');
  console.log(machineLine());
  console.log(
    `autocannon: ${connections} connections, ${warmup} s warm-up per server, then ${seconds} s per server ` +
      `in ${rounds} alternating slices of ${slice} s; no Accept-Encoding (uncompressed on both sides)`,
  );
  console.log(
    `caveat: autocannon runs in this process and shares the machine's ${os.cpus().length} cores with the ` +
      'server under test, so absolute req/s understate a dedicated server; compare the ratio, not the figures.',
  );

  const rows: string[][] = [];
  const lines: string[] = [];
  const missed: string[] = [];
  const ratios: Record<string, number> = {};

  for (const target of targets()) {
    const realUrl = `${server.url}${target.path}`;
    const snapshot = await captureSnapshot(realUrl);
    console.log(`\n${target.name} (GET ${target.path}): ${describeSnapshot(snapshot)}`);
    if (snapshot.status < 200 || snapshot.status >= 300) {
      console.log(`  WARNING: the real server answers ${snapshot.status}; the bench measures that response.`);
    }
    const bare = await startBareServer(snapshot);
    const bareUrl = `${bare.url}${target.path}`;
    try {
      await load(realUrl, warmup, connections);
      await load(bareUrl, warmup, connections);
      const real = emptyMeasurement();
      const ceiling = emptyMeasurement();
      for (let round = 0; round < rounds; round++) {
        const order: Array<[string, Measurement, number]> = [
          [realUrl, real, server.pid],
          [bareUrl, ceiling, bare.pid],
        ];
        if (round % 2 === 1) order.reverse();
        for (const [url, into, pid] of order) await load(url, slice, connections, into, pid);
      }

      const stats = (m: Measurement) => {
        const sorted = Float64Array.from(m.latencies).sort();
        const list = Array.from(sorted);
        return { rps: m.requests / m.seconds, p50: percentile(list, 0.5), p99: percentile(list, 0.99), cpuUs: (m.cpuSeconds * 1e6) / m.requests };
      };
      const realStats = stats(real);
      const bareStats = stats(ceiling);
      const ratio = realStats.rps / bareStats.rps;
      ratios[`http ${target.name}`] = ratio;
      const faults = real.non2xx + real.errors + real.timeouts;
      let verdict: string;
      if (faults > 0 && snapshot.status >= 200 && snapshot.status < 300) verdict = 'INVALID (faults)';
      else if (target.minRatio === null) verdict = 'report only';
      else verdict = ratio >= target.minRatio ? `PASS (≥ ${target.minRatio.toFixed(2)})` : `FAIL (< ${target.minRatio.toFixed(2)})`;
      if (verdict.startsWith('FAIL') || verdict.startsWith('INVALID')) missed.push(`${target.name}: ratio ${ratio.toFixed(2)} ${verdict}`);

      const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
      const faultCell = (m: Measurement) => `${m.non2xx}/${m.errors}/${m.timeouts}`;
      const cpuRatio = bareStats.cpuUs / realStats.cpuUs;
      rows.push(
        [target.name, 'real app', fmt(realStats.rps), fmt(realStats.p50), fmt(realStats.p99), fmt(realStats.cpuUs), faultCell(real), ratio.toFixed(2), verdict],
        ['', 'bare node:http', fmt(bareStats.rps), fmt(bareStats.p50), fmt(bareStats.p99), fmt(bareStats.cpuUs), faultCell(ceiling), '1.00', 'ceiling'],
      );
      lines.push(
        `${target.name}: ${fmt(realStats.rps)} req/s (p99 ${fmt(realStats.p99)} ms, ${fmt(realStats.cpuUs)} µs CPU a request) vs bare ${fmt(bareStats.rps)} req/s ` +
          `(p99 ${fmt(bareStats.p99)} ms, ${fmt(bareStats.cpuUs)} µs) → ratio ${ratio.toFixed(2)} — ${verdict}; CPU ratio ${cpuRatio.toFixed(2)}`,
      );
    } finally {
      await bare.stop();
    }
  }

  console.log();
  console.log(table(['target', 'server', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'non2xx/err/timeout', 'ratio', 'target'], rows));
  console.log('ratio = real req/s ÷ bare req/s, both measured alternately in this run; CPU ratio = bare CPU a request ÷ real CPU a request (report only).');
  return { name: 'http', lines, missed, ratios };
}

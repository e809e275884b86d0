import os from 'node:os';
import autocannon from 'autocannon';
import { captureSnapshot, startBareServer, type Snapshot } from './support/bare-server';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';
import type { RunningServer } from './support/server';

/**
 * HTTP throughput of the real app against its ceiling: a bare node:http server replaying the
 * very same bytes and headers, measured alternately in the same run on the same machine.
 *
 * Env: BENCH_SECONDS (measured seconds per server and target, default 10), BENCH_ROUNDS
 * (alternating slices the seconds are split into, default 2), BENCH_CONNECTIONS (default 10),
 * BENCH_WARMUP_SECONDS (default 2), BENCH_HTTP_EXTRA (comma-separated extra paths to measure,
 * report only — e.g. `/healthz` shows the framework's floor next to the settings figure).
 */

interface Target {
  name: string;
  path: string;
  /** Minimum real/bare req/s ratio; null = report only. */
  minRatio: number | null;
}

const TARGETS: Target[] = [
  { name: 'settings API', path: '/api/settings.php', minRatio: 0.4 },
  { name: 'SSR /', path: '/', minRatio: null },
];

interface Measurement {
  requests: number;
  seconds: number;
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
  bytes: number;
}

function emptyMeasurement(): Measurement {
  return { requests: 0, seconds: 0, latencies: [], non2xx: 0, errors: 0, timeouts: 0, bytes: 0 };
}

async function load(url: string, seconds: number, connections: number, into?: Measurement): Promise<void> {
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
  const result = await instance;
  if (!into) return;
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
        const order: Array<[string, Measurement]> = [
          [realUrl, real],
          [bareUrl, ceiling],
        ];
        if (round % 2 === 1) order.reverse();
        for (const [url, into] of order) await load(url, slice, connections, into);
      }

      const stats = (m: Measurement) => {
        const sorted = Float64Array.from(m.latencies).sort();
        const list = Array.from(sorted);
        return { rps: m.requests / m.seconds, p50: percentile(list, 0.5), p99: percentile(list, 0.99) };
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
      rows.push(
        [target.name, 'real app', fmt(realStats.rps), fmt(realStats.p50), fmt(realStats.p99), faultCell(real), ratio.toFixed(2), verdict],
        ['', 'bare node:http', fmt(bareStats.rps), fmt(bareStats.p50), fmt(bareStats.p99), faultCell(ceiling), '1.00', 'ceiling'],
      );
      lines.push(
        `${target.name}: ${fmt(realStats.rps)} req/s (p99 ${fmt(realStats.p99)} ms) vs bare ${fmt(bareStats.rps)} req/s ` +
          `(p99 ${fmt(bareStats.p99)} ms) → ratio ${ratio.toFixed(2)} — ${verdict}`,
      );
    } finally {
      await bare.stop();
    }
  }

  console.log();
  console.log(table(['target', 'server', 'req/s', 'p50 ms', 'p99 ms', 'non2xx/err/timeout', 'ratio', 'target'], rows));
  console.log('ratio = real req/s ÷ bare req/s, both measured alternately in this run.');
  return { name: 'http', lines, missed, ratios };
}

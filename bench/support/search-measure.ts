import os from 'node:os';
import { analyse, fmt, stats } from './search-analysis';
import type { Exec } from './search-data';
import { apiLoad, directLoad, emptySample, verify } from './search-load';
import type { RecordedRequest } from './search-sql';
import type { RunningServer } from './server';

/**
 * One mix of recorded searches measured on one engine: the API and the direct SQL alternating
 * in slices at each connection count, judged against the targets, then the slow requests named.
 */

/** What a mix is judged by: API ÷ direct q/s at every connection count, and the API's p99 at one connection. */
export interface SearchTargets {
  ratio: number;
  p99Ms: number;
}

/** Logged-out searches at 1,000,000 members (issue 36: back to where they were before the worker and the new filters). */
export const LOGGED_OUT_TARGETS: SearchTargets = { ratio: 0.7, p99Ms: 10 };

/** Signed-in searches nearest first (ADR 0067): each reads its edge first, so its SQL is slower and more uneven. */
export const DISTANCE_TARGETS: SearchTargets = { ratio: 0.6, p99Ms: 15 };

export interface MeasureSettings {
  seconds: number;
  rounds: number;
  warmup: number;
  connections: number[];
  explain: boolean;
}

export interface Prepared {
  /** The engine, and the mix when it is not the logged-out one: `PostgreSQL, by distance`. */
  engine: string;
  /** The direct path: node-postgres pool or in-process PGlite. */
  exec: Exec;
  describeDirect: string;
  server: RunningServer;
  recorded: RecordedRequest[];
  targets: SearchTargets;
  /** Targets decide PASS/FAIL here; otherwise informational. */
  enforced: boolean;
}

export interface EngineResult {
  rows: string[][];
  lines: string[];
  missed: string[];
}

export async function measureEngine(prepared: Prepared, options: MeasureSettings): Promise<EngineResult> {
  const { engine, exec, server, recorded } = prepared;
  const problems = await verify(server, recorded);
  console.log(
    problems.length
      ? `WARNING: ${problems.length}/${recorded.length} API answers differ from the direct SQL:\n  ${problems.slice(0, 5).join('\n  ')}`
      : `checked: the API returns the same page and count as the direct SQL for all ${recorded.length} requests`,
  );
  console.log(`direct path: ${prepared.describeDirect}`);

  const requests = recorded.map((r) => r.request);
  const rows: string[][] = [];
  const lines: string[] = [];
  const missed: string[] = [];
  const slice = options.seconds / options.rounds;
  for (const connections of options.connections) {
    const apiCursor = { next: 0 };
    const directCursor = { next: 0 };
    await apiLoad(server, requests, connections, options.warmup, apiCursor);
    await directLoad(exec, recorded, connections, options.warmup, directCursor);
    const api = emptySample();
    const direct = emptySample();
    for (let round = 0; round < options.rounds; round++) {
      const order: Array<() => Promise<void>> = [
        () => apiLoad(server, requests, connections, slice, apiCursor, api),
        () => directLoad(exec, recorded, connections, slice, directCursor, direct),
      ];
      if (round % 2 === 1) order.reverse();
      for (const run of order) await run();
    }
    const a = stats(api);
    const d = stats(direct);
    const ratio = a.rate / d.rate;
    const checks: string[] = [];
    const { targets } = prepared;
    if (ratio < targets.ratio) checks.push(`ratio ${ratio.toFixed(2)} < ${targets.ratio.toFixed(2)}`);
    if (connections === 1 && a.p99 > targets.p99Ms) checks.push(`API p99 ${fmt(a.p99)} ms > ${targets.p99Ms} ms`);
    let verdict: string;
    if (api.faults > 0) verdict = 'INVALID (API faults)';
    else if (!prepared.enforced) verdict = checks.length ? `info (would fail: ${checks.join(', ')})` : 'info (would pass)';
    else verdict = checks.length ? `FAIL (${checks.join(', ')})` : 'PASS';
    if (prepared.enforced && (verdict.startsWith('FAIL') || verdict.startsWith('INVALID'))) missed.push(`${engine} ${connections} conn: ${verdict}`);
    rows.push([
      engine,
      String(connections),
      fmt(a.rate),
      fmt(a.p50),
      fmt(a.p99),
      String(api.faults),
      fmt(d.rate),
      fmt(d.p50),
      fmt(d.p99),
      ratio.toFixed(2),
      verdict,
    ]);
    const line =
      `${engine}, ${connections} conn: API ${fmt(a.rate)} req/s (p50 ${fmt(a.p50)}, p99 ${fmt(a.p99)} ms) vs direct ${fmt(d.rate)} q/s ` +
      `(p50 ${fmt(d.p50)}, p99 ${fmt(d.p99)} ms) → ratio ${ratio.toFixed(2)} — ${verdict}` +
      // Other work on the 2 shared cores mostly shows in p99; the load average says how much there was.
      ` (load average ${os.loadavg()[0].toFixed(1)})`;
    console.log(line);
    lines.push(line);
  }

  const failed = missed.length > 0 || (!prepared.enforced && rows.some((row) => row[10].includes('would fail')));
  await analyse(engine, exec, recorded, options.explain || failed);
  return { rows, lines, missed };
}

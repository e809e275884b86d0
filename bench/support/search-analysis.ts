import { heading, table } from './report';
import { describeRequest, type Exec } from './search-data';
import type { Sample } from './search-load';
import { replay, runStatement, type RecordedRequest, type Statement } from './search-sql';

/** The search bench's figures: percentiles, and which requests are slow and why. */

const ONCE_OVER_MS = 250;

/**
 * Which requests are slow: each one alone through the direct path (median of three), grouped by
 * shape, the slowest listed; with `explain`, EXPLAIN (ANALYZE, BUFFERS) of the slowest ones.
 */
export async function analyse(engine: string, exec: Exec, recorded: RecordedRequest[], explain: boolean): Promise<void> {
  heading(`Search on ${engine}: slowest requests (each alone, direct SQL, median of 3; once when over ${ONCE_OVER_MS} ms)`);
  const timings: Array<{ r: RecordedRequest; ms: number; pageMs: number; countMs: number }> = [];
  for (const r of recorded) {
    const total: number[] = [];
    const page: number[] = [];
    const count: number[] = [];
    // A request slower than ONCE_OVER_MS runs once: three runs of a second-long query say no more.
    for (let rep = 0; rep < 3 && !(rep > 0 && total[0] > ONCE_OVER_MS); rep++) {
      let t0 = performance.now();
      await replay(exec, r);
      total.push(performance.now() - t0);
      t0 = performance.now();
      await runStatement(exec, r.phases[r.main][0]);
      page.push(performance.now() - t0);
      t0 = performance.now();
      await exec(r.phases[r.main][1].text, r.phases[r.main][1].params);
      count.push(performance.now() - t0);
    }
    timings.push({ r, ms: median(total), pageMs: median(page), countMs: median(count) });
  }
  const groups: Array<[string, (r: RecordedRequest) => boolean]> = [
    ['all', () => true],
    ['with region', (r) => !!r.request.query.countryregion],
    ['without region', (r) => !r.request.query.countryregion],
    ['with an age bound', (r) => !!(r.request.query.min_age || r.request.query.max_age)],
    ['without ages', (r) => !(r.request.query.min_age || r.request.query.max_age)],
    ['page 2–3', (r) => r.request.query.page !== '1'],
    ['+ similar (< 5 results)', (r) => r.phases.length > r.main + 1],
    ['no country', (r) => !!r.request.member && !r.request.query.country],
    ['own country', (r) => !!r.request.member && r.request.query.country === r.request.member.country],
    ['another country', (r) => !!r.request.member && !!r.request.query.country && r.request.query.country !== r.request.member.country],
    ['with a radius', (r) => !!r.request.query.radius],
  ];
  const groupRows = groups.flatMap(([name, test]) => {
    const members = timings.filter((t) => test(t.r));
    if (!members.length) return [];
    const sorted = members.map((t) => t.ms).sort((x, y) => x - y);
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
    return [
      [
        name,
        String(members.length),
        fmt(mean(sorted)),
        fmt(percentile(sorted, 0.5)),
        fmt(sorted[sorted.length - 1] ?? NaN),
        fmt(mean(members.map((t) => t.pageMs))),
        fmt(mean(members.map((t) => t.countMs))),
      ],
    ];
  });
  console.log(table(['requests', 'n', 'mean ms', 'median', 'max', 'page query', 'count query'], groupRows));
  const slowest = [...timings].sort((x, y) => y.ms - x.ms).slice(0, 8);
  console.log();
  console.log(
    table(
      ['slowest', 'request ms', 'page', 'count', 'matches'],
      slowest.map((t) => [describeRequest(t.r.request), fmt(t.ms), fmt(t.pageMs), fmt(t.countMs), t.r.numResults >= 1000 ? '1000+' : String(t.r.numResults)]),
    ),
  );
  if (!explain) return;
  const seen = new Set<string>();
  for (const t of slowest.slice(0, 2)) {
    const [page, count] = t.r.phases[t.r.main];
    for (const [label, statement] of [
      ...(page.after ? [['page edge query', page] as const, ['page query', page.after] as const] : [['page query', page] as const]),
      ['count query', count],
    ] as Array<[string, Statement]>) {
      const key = `${label}:${statement.text}:${JSON.stringify(statement.params)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) ${label} of ${describeRequest(t.r.request)} — params ${JSON.stringify(statement.params)}:`);
      console.log(statement.text.replace(/\s+/g, ' ').trim());
      const { rows } = await exec(`explain (analyze, buffers) ${statement.text}`, statement.params);
      for (const row of rows) console.log(`  ${String(Object.values(row)[0])}`);
    }
  }
}

export function stats(sample: Sample) {
  const sorted = Float64Array.from(sample.latencies).sort();
  const list = Array.from(sorted);
  return { rate: sample.count / sample.seconds, p50: percentile(list, 0.5), p99: percentile(list, 0.99) };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

export function fmt(value: number): string {
  return Number.isFinite(value) ? value.toFixed(1) : '-';
}

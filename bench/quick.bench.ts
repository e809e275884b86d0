import fs from 'node:fs';
import { runChatBench } from './chat.bench';
import { runHttpBench } from './http.bench';
import { runPagesBench } from './pages.bench';
import { runSearchBench } from './search.bench';
import { onCleanup, runCleanups } from './support/cleanup';
import { compareWithBaseline, pickBaseline, withBaseline, type Baseline, type BaselineFile } from './support/quick-compare';
import { heading, machineLine, processorLine, table, type BenchOutcome } from './support/report';
import { startServer } from './support/server';

/**
 * `npm run bench -- quick`: the short form of the benches a change on a hot path must not slow
 * (issue 36) — requests, pages with their caches and without, chat and search — in about three
 * minutes, each figure's ratio against its ceiling compared with the committed baseline of this
 * processor in `bench/quick-baseline.json` (or, on a processor it has none for, the newest
 * baseline, said as much). Ratios that moved beyond the noise are named; nothing fails the run,
 * as with every bench. `BENCH_QUICK_UPDATE=1` writes this run's ratios as this processor's
 * baseline, keeping the others (after a change that is meant to move them, measured on a quiet
 * machine).
 *
 * The short forms are the benches' own, with fewer seconds, pages, members and rates; a
 * variable set by hand wins over them.
 */

const BASELINE_FILE = new URL('./quick-baseline.json', import.meta.url);

const SHORT_FORM: Record<string, string> = {
  BENCH_SECONDS: '1.5',
  BENCH_WARMUP_SECONDS: '1',
  BENCH_ROUNDS: '2',
  BENCH_PAGES_SECONDS: '1',
  BENCH_PAGES_WARMUP_SECONDS: '1',
  BENCH_PAGES_ENGINES: 'postgres',
  BENCH_PAGES_ONLY: 'visitor /,visitor /members,member SSR /members,member SSR /chats,member .data /members.data',
  BENCH_CHAT_PAIRS: '100',
  BENCH_CHAT_RATES: '1000',
  BENCH_CHAT_IDLE_SOCKETS: '200',
  BENCH_SEARCH_ENGINES: 'postgres',
  BENCH_SEARCH_MEMBERS: '50000',
  BENCH_SEARCH_CONNECTIONS: '1',
  BENCH_SEARCH_REQUESTS: '100',
};

/** The pages bench measures every request rendered when both caches are off. */
const CACHES_OFF = { PAGE_CACHE_SECONDS: '0', MEMBER_PAGE_CACHE_SECONDS: '0' };

function withEnv<T>(values: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  return run().finally(() => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}

async function runHttpShort(): Promise<BenchOutcome> {
  const server = await startServer({ demoMembers: 240 });
  const stop = onCleanup('quick http server', () => server.stop());
  try {
    return await runHttpBench(server);
  } finally {
    await stop();
  }
}

export async function runQuickBench(): Promise<BenchOutcome> {
  const started = performance.now();
  const unset = Object.fromEntries(Object.entries(SHORT_FORM).filter(([name]) => process.env[name] === undefined));
  const steps: Array<[string, () => Promise<BenchOutcome>]> = [
    ['http', runHttpShort],
    ['pages, cached', runPagesBench],
    ['pages, uncached', () => withEnv(CACHES_OFF, runPagesBench)],
    ['chat', runChatBench],
    ['search', runSearchBench],
  ];
  const ratios: Record<string, number> = {};
  const crashed: string[] = [];
  const stepSeconds: string[] = [];
  await withEnv(unset, async () => {
    for (const [name, run] of steps) {
      const stepStarted = performance.now();
      try {
        Object.assign(ratios, (await run()).ratios);
      } catch (error) {
        crashed.push(name);
        console.error(`\nquick: ${name} crashed:`, error instanceof Error ? (error.stack ?? error.message) : error);
      } finally {
        await runCleanups();
        stepSeconds.push(`${name} ${((performance.now() - stepStarted) / 1000).toFixed(0)} s`);
      }
    }
  });

  const seconds = (performance.now() - started) / 1000;
  heading(`Quick: ratios against the baseline (${seconds.toFixed(0)} s)`);
  console.log(machineLine());
  const processor = processorLine();
  const file: BaselineFile = fs.existsSync(BASELINE_FILE) ? JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8')) : { baselines: [] };
  const picked = pickBaseline(file, processor);
  const comparison = compareWithBaseline(ratios, picked?.baseline.ratios ?? {});
  console.log(table(['figure', 'baseline', 'now', 'change', ''], comparison.rows));
  console.log(`${comparison.noiseText}; ${describeBaseline(picked, processor)}.`);

  const lines = [
    `${Object.keys(ratios).length} ratios in ${seconds.toFixed(0)} s (${stepSeconds.join(', ')}); ${comparison.moved.length} moved beyond the noise`,
  ];
  const missed = [...comparison.moved.map((text) => `quick: ${text}`), ...crashed.map((name) => `quick: ${name} crashed`)];
  if (process.env.BENCH_QUICK_UPDATE === '1' && !crashed.length) {
    const next: Baseline = { measuredAt: new Date().toISOString(), machine: machineLine(), processor, ratios };
    fs.writeFileSync(BASELINE_FILE, `${JSON.stringify(withBaseline(file, next), null, 2)}\n`);
    lines.push(`baseline written for ${processor}: bench/quick-baseline.json`);
  }
  return { name: 'quick', lines, missed, ratios };
}

function describeBaseline(picked: ReturnType<typeof pickBaseline>, processor: string): string {
  if (!picked) return 'baseline missing: BENCH_QUICK_UPDATE=1 writes one';
  const { baseline, sameProcessor } = picked;
  const of = `baseline of ${baseline.measuredAt} (${baseline.machine})`;
  return sameProcessor
    ? of
    : `${of}, none yet for ${processor}: moves may be the processor's, not the code's (BENCH_QUICK_UPDATE=1 on a quiet machine adds one)`;
}

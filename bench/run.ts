import { runAdminBench } from './admin.bench';
import { runChatBench } from './chat.bench';
import { runClusterBench } from './cluster.bench';
import { runReplicaBench } from './replica.bench';
import { runFuzzBench } from './fuzz.bench';
import { runHttpBench } from './http.bench';
import { runLighthouseBench } from './lighthouse.bench';
import { runMailBench } from './mail.bench';
import { runMediaBench } from './media.bench';
import { runNestedBench } from './nested.bench';
import { runPagesBench } from './pages.bench';
import { runQuickBench } from './quick.bench';
import { runSearchBench } from './search.bench';
import { runWorkerBench } from './worker.bench';
import { runCleanups } from './support/cleanup';
import { envNumber, heading, type BenchOutcome } from './support/report';
import { describeBuild, startServer, type RunningServer } from './support/server';

/**
 * `npm run bench [-- http|lighthouse|search|chat|fuzz|nested|admin|mail|cluster|replica|media|quick|worker]`: starts the production server once on a fresh
 * database (only when a selected bench uses it), runs the benches and prints a summary. Missed
 * targets are reported, not fatal: the exit code is non-zero only when something crashed.
 */

type Bench = { shared: true; run: (server: RunningServer) => Promise<BenchOutcome> } | { shared: false; run: () => Promise<BenchOutcome> };

const BENCHES: Record<string, Bench> = {
  http: { shared: true, run: runHttpBench },
  lighthouse: { shared: true, run: runLighthouseBench },
  // Generated hostile requests and socket messages against the shared server: counts the 5xx.
  fuzz: { shared: true, run: runFuzzBench },
  // Settings p99 while 30 clients post megabytes of nested JSON (issue 30); counts the 5xx.
  nested: { shared: true, run: runNestedBench },
  // Starts its own servers on a loaded PostgreSQL database and a loaded PGlite directory.
  search: { shared: false, run: runSearchBench },
  // Starts its own server on a scratch PostgreSQL database with members in pairs.
  chat: { shared: false, run: runChatBench },
  // Starts its own server on a scratch PostgreSQL database with a million members and a million orders.
  admin: { shared: false, run: runAdminBench },
  // A separate worker mails 100,000 weekly digests to an SMTP peer while the web process is asked for settings.
  mail: { shared: false, run: runMailBench },
  // Pages (issue 20): SSR and .data, visitor and member, on its own PGlite and PostgreSQL servers.
  pages: { shared: false, run: runPagesBench },
  // Three instances, a worker and nginx on a scratch PostgreSQL, Redis and an S3 server; kills two under chat load.
  cluster: { shared: false, run: runClusterBench },
  // Member search with and without DATABASE_READ_URL, on a streaming replica of the bench's PostgreSQL (issue 36).
  replica: { shared: false, run: runReplicaBench },
  // A member photo through the app from the local disk and from S3 (s3rver), against bare node:http (ADR 0044).
  media: { shared: false, run: runMediaBench },
  // Search and chat with the jobs in the web process vs WORKER=off while a 100,000-member digest is sent (issue 36).
  worker: { shared: false, run: runWorkerBench },
  // The short form of http, pages (cached and not), chat and search, compared with bench/quick-baseline.json.
  quick: { shared: false, run: runQuickBench },
};

async function main(): Promise<number> {
  const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const unknown = requested.filter((name) => !(name in BENCHES));
  if (unknown.length) {
    console.error(`unknown bench: ${unknown.join(', ')} (choose from ${Object.keys(BENCHES).join(', ')})`);
    return 2;
  }
  // Every bench by default; `quick` only when asked, as it is their short form, and `replica` only
  // when asked, as it needs a standby someone started (docs/capacity.md).
  const selected = requested.length ? requested : Object.keys(BENCHES).filter((name) => name !== 'quick' && name !== 'replica');

  let server: RunningServer | undefined;
  const stopOnSignal = (signal: NodeJS.Signals) => {
    void Promise.allSettled([server?.stop(), runCleanups()]).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);

  const outcomes: BenchOutcome[] = [];
  const crashes: string[] = [];
  try {
    for (const name of selected) {
      try {
        const bench = BENCHES[name];
        if (bench.shared) {
          server ??= await startSharedServer();
          outcomes.push(await bench.run(server));
        } else {
          outcomes.push(await bench.run());
        }
      } catch (error) {
        crashes.push(name);
        console.error(`\n${name} bench crashed:`, error instanceof Error ? (error.stack ?? error.message) : error);
      } finally {
        await runCleanups();
        // The shared server would only compete for the 2 cores with a bench that runs its own.
        const rest = selected.slice(selected.indexOf(name) + 1);
        if (server && !rest.some((next) => BENCHES[next].shared)) {
          await server.stop();
          server = undefined;
        }
      }
    }
  } finally {
    await server?.stop();
  }

  heading('Summary');
  for (const outcome of outcomes) {
    console.log(`${outcome.name}:`);
    for (const line of outcome.lines) console.log(`  ${line}`);
  }
  const missed = outcomes.flatMap((outcome) => outcome.missed);
  // A crashed bench checked nothing: "all met" would then be a claim about targets never measured.
  if (missed.length) console.log(`\nTargets missed (${missed.length}):\n  ${missed.join('\n  ')}`);
  else console.log(crashes.length ? '\nNo target missed among the benches that finished.' : '\nAll targets met.');
  if (crashes.length) console.log(`\nCrashed: ${crashes.join(', ')}`);
  return crashes.length ? 1 : 0;
}

async function startSharedServer(): Promise<RunningServer> {
  heading('Server');
  console.log(describeBuild());
  const demoMembers = Math.round(envNumber('BENCH_DEMO_MEMBERS', 240));
  console.log(
    `starting \`node scripts/start.mjs\` (NODE_ENV=production, fresh DATA_DIR, DEMO_MEMBERS=${demoMembers}` +
      `${process.env.BENCH_DATABASE_URL ? ', DATABASE_URL=$BENCH_DATABASE_URL' : ', embedded PGlite'})…`,
  );
  const server = await startServer({ demoMembers, verbose: process.env.BENCH_VERBOSE === '1' });
  console.log(`ready at ${server.url} after ${server.startSeconds.toFixed(1)} s (includes any build and the demo seed)`);
  return server;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);

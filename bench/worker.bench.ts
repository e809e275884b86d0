import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { createJobsRepository } from '../server/db/repositories/jobs.repository';
import { WEEKLY_DIGEST_JOB } from '../server/domain/notifications/scheduled/weekly-digest.rules';
import { connectAppMembers } from './support/chat-app-transport';
import { CHAT_BENCH_DOMAIN, createScratchDatabase, loadChatMembers, type ChatBenchMember } from './support/chat-data';
import { createLoadDriver, percentile } from './support/chat-load';
import { onCleanup } from './support/cleanup';
import { loadSearchMembersInto } from './support/search-members-db';
import { measureCpu, type CpuShare } from './support/process-stats';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';
import { BENCH_SITE_DOMAIN, buildRequestMix, type SearchRequest } from './support/search-data';
import { describeBuild, sleep, startServer, type RunningServer } from './support/server';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

/**
 * `npm run bench -- worker` (issue 36): the default layout — the jobs inside the web process —
 * against `WORKER=off`, on one PostgreSQL database with BENCH_WORKER_MEMBERS (100,000) members
 * due a weekly digest and BENCH_CHAT_PAIRS (100) chat pairs. Each layout gets the same short
 * loads: logged-out searches (`GET /api/members.php`) and the chat closed loop over the
 * WebSocket. With the worker on, the digest is enqueued before the server starts and the loads
 * begin once its mails flow to an SMTP peer in this process; the mails sent while each load ran
 * are counted, so a worker that sent nothing cannot pass for a polite one.
 * Target: search req/s and chat msg/s with the worker on ≥ 0.80 × `WORKER=off`.
 */

const TARGET_RATIO = 0.8;
/** Mails the digest must have sent before the loads begin: the worker is then at full speed. */
const MAILS_BEFORE_LOAD = 500;

interface Settings {
  members: number;
  pairs: number;
  seconds: number;
  warmup: number;
  searchConnections: number;
  rounds: number;
  adminUrl: string;
  dbName: string;
}

function settings(): Settings {
  return {
    members: Math.round(envNumber('BENCH_WORKER_MEMBERS', 100_000)),
    pairs: Math.round(envNumber('BENCH_CHAT_PAIRS', 100)),
    seconds: envNumber('BENCH_SECONDS', 8),
    warmup: envNumber('BENCH_WARMUP_SECONDS', 2),
    searchConnections: Math.round(envNumber('BENCH_WORKER_SEARCH_CONNECTIONS', 4)),
    rounds: Math.round(envNumber('BENCH_WORKER_ROUNDS', 2)),
    adminUrl: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    dbName: process.env.BENCH_WORKER_DB ?? 'rdv_bench_worker',
  };
}

interface LoadFigures {
  searchRate: number;
  searchP50: number;
  searchP99: number;
  searchFaults: number;
  chatRate: number;
  chatP50: number;
  chatP99: number;
  chatFailures: number;
  /** Mails the SMTP peer received while the search and the chat loads ran (warm-ups excluded). */
  mailsDuringSearch: number;
  mailsDuringChat: number;
  searchCpu: CpuShare;
  chatCpu: CpuShare;
}

export async function runWorkerBench(): Promise<BenchOutcome> {
  const options = settings();
  heading(`Worker: search and chat with the jobs in the web process vs WORKER=off, ${options.members.toLocaleString('en')} members due a digest`);
  console.log(machineLine());
  console.log(describeBuild());
  console.log(
    `per layout and round: ${options.warmup} s warm-up, then ${options.seconds} s of logged-out searches at ${options.searchConnections} connections, ` +
      `then ${options.warmup} s + ${options.seconds} s of the chat closed loop (${options.pairs} pairs); ${options.rounds} round(s), off first`,
  );

  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  try {
    scratch = await createScratchDatabase(options.adminUrl, options.dbName);
  } catch (error) {
    console.log(`skipped: cannot reach PostgreSQL at ${options.adminUrl} (${error instanceof Error ? error.message : error}); set BENCH_PG_ADMIN_URL.`);
    return { name: 'worker', lines: ['skipped (no PostgreSQL)'], missed: [] };
  }
  const dropScratch = onCleanup(`drop database ${options.dbName}`, scratch.drop);
  try {
    const loadStarted = performance.now();
    // A tenth more: the loader makes a tenth of its members fictional profiles, which get no mail.
    await loadSearchMembersInto(scratch.url, Math.ceil(options.members / 0.9));
    const chatMembers = await loadChatMembers(scratch.url, { count: options.pairs * 2, paired: options.pairs * 2 });
    console.log(`loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    const requests = buildRequestMix(200);
    const smtp = await startSmtpSink();
    const closeSmtp = onCleanup('smtp sink', () => smtp.close());
    try {
      const off: LoadFigures[] = [];
      const on: LoadFigures[] = [];
      for (let round = 1; round <= options.rounds; round++) {
        off.push(await measureLayout('WORKER=off', { WORKER: 'off' }, scratch, smtp, chatMembers, requests, options));
        await enqueueDigest(scratch.url, round);
        on.push(await measureLayout('default: the jobs in the web process', {}, scratch, smtp, chatMembers, requests, options));
      }
      return report(options, off, on, await digestState(scratch.url));
    } finally {
      await closeSmtp();
    }
  } finally {
    await dropScratch();
  }
}

/**
 * The week's digest, due now, as the Sunday schedule enqueues it (a key of its own per round, so
 * a second round sends a second one: the sends of a member and week are keyed, so the round's
 * digest goes to members the first did not reach yet).
 */
async function enqueueDigest(url: string, round: number): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 }, { migrate: false });
  try {
    const now = new Date();
    await createJobsRepository(handle.db).enqueue(WEEKLY_DIGEST_JOB, { periodStart: now.toISOString() }, now, now, { key: `worker-bench@${round}` });
  } finally {
    await handle.close();
  }
}

async function digestState(url: string): Promise<{ batchesLeft: number; sends: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ left: number; sends: number }>(
      `select (select count(*)::int from jobs where kind like 'notify.weekly_updates%' and done_at is null and dead_at is null) as left,
              (select count(*)::int from notification_sends where kind = 'weekly_updates') as sends`,
    );
    return { batchesLeft: rows[0].left, sends: rows[0].sends };
  } finally {
    await client.end();
  }
}

/** The jobs the worker finished and the notifications it sent between two moments, by kind: what the loads shared the process with. */
async function jobsDone(url: string, from: Date, to: Date): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from jobs where done_at >= $1 and done_at < $2 group by kind order by n desc`,
      [from, to],
    );
    const { rows: sends } = await client.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from notification_sends where sent_at >= $1 and sent_at < $2 group by kind order by n desc`,
      [from, to],
    );
    const list = (counts: { kind: string; n: number }[]) => counts.map((row) => `${row.kind} ${row.n}`).join(', ') || 'none';
    return `${list(rows)}; sends recorded: ${list(sends)}`;
  } finally {
    await client.end();
  }
}

async function measureLayout(
  name: string,
  env: Record<string, string>,
  scratch: { url: string; checkpoint: () => Promise<void> },
  smtp: SmtpSink,
  chatMembers: ChatBenchMember[],
  requests: SearchRequest[],
  options: Settings,
): Promise<LoadFigures> {
  heading(`Worker: ${name}`);
  const server = await startServer({
    env: {
      DATABASE_URL: scratch.url,
      SEED_DEMO: 'false',
      DEFAULT_SITE_DOMAIN: CHAT_BENCH_DOMAIN,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?pool=true&maxConnections=8`,
      ...env,
    },
  });
  const stopServer = onCleanup(`${name} server`, () => server.stop());
  try {
    console.log(`ready at ${server.url} after ${server.startSeconds.toFixed(1)} s (pid ${server.pid}); ${machineLine()}`);
    if (env.WORKER !== 'off') {
      const waitFrom = smtp.count();
      const deadline = performance.now() + 180_000;
      while (smtp.count() - waitFrom < MAILS_BEFORE_LOAD && performance.now() < deadline) await sleep(200);
      console.log(`the digest is being sent: ${smtp.count() - waitFrom} mails so far`);
    }
    await scratch.checkpoint();
    const searchFrom = new Date();
    const search = await searchLoad(server, requests, options, smtp);
    if (env.WORKER !== 'off') console.log(`jobs finished during the search load: ${await jobsDone(scratch.url, searchFrom, new Date())}`);
    console.log(
      `search: ${search.rate.toFixed(0)} req/s, p50 ${search.p50} ms, p99 ${search.p99} ms, faults ${search.faults}; ` +
        `${search.mails} mails meanwhile; CPU server ${search.cpu.server.toFixed(2)} cores, machine ${(search.cpu.machine * 100).toFixed(0)} %`,
    );
    await scratch.checkpoint();
    const chatFrom = new Date();
    const chat = await chatLoad(server, chatMembers, options, smtp);
    if (env.WORKER !== 'off') console.log(`jobs finished during the chat load: ${await jobsDone(scratch.url, chatFrom, new Date())}`);
    console.log(
      `chat: ${chat.rate.toFixed(0)} msg/s, p50 ${chat.p50.toFixed(1)} ms, p99 ${chat.p99.toFixed(1)} ms, failures ${chat.failures}; ` +
        `${chat.mails} mails meanwhile; CPU server ${chat.cpu.server.toFixed(2)} cores, machine ${(chat.cpu.machine * 100).toFixed(0)} %`,
    );
    return {
      searchRate: search.rate,
      searchP50: search.p50,
      searchP99: search.p99,
      searchFaults: search.faults,
      chatRate: chat.rate,
      chatP50: chat.p50,
      chatP99: chat.p99,
      chatFailures: chat.failures,
      mailsDuringSearch: search.mails,
      mailsDuringChat: chat.mails,
      searchCpu: search.cpu,
      chatCpu: chat.cpu,
    };
  } finally {
    await stopServer();
  }
}

/** The search bench's logged-out mix through autocannon, on the search site (its Host), after a warm-up. */
async function searchLoad(server: RunningServer, requests: SearchRequest[], options: Settings, smtp: SmtpSink) {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: server.url,
      connections: options.searchConnections,
      duration,
      timeout: 10,
      headers: { host: BENCH_SITE_DOMAIN },
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: requests[next++ % requests.length].path }) }],
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  await run(options.warmup);
  const mailsBefore = smtp.count();
  const cpu = measureCpu(server.pid);
  const result = await run(options.seconds);
  return {
    rate: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    faults: result.errors + result.timeouts + result.non2xx,
    mails: smtp.count() - mailsBefore,
    cpu: cpu(),
  };
}

/** The chat bench's closed loop: every pair's members send over their sockets as fast as answers come. */
async function chatLoad(server: RunningServer, members: ChatBenchMember[], options: Settings, smtp: SmtpSink) {
  const transport = await connectAppMembers(server.url, CHAT_BENCH_DOMAIN, members, `w${Date.now().toString(36)}`, 'socket');
  const close = onCleanup('chat sockets', () => transport.close());
  try {
    const driver = createLoadDriver(transport);
    // The warm-up is the loop's own; the mails and CPU are counted from its start, a slight overcount.
    const mailsBefore = smtp.count();
    const cpu = measureCpu(server.pid);
    const result = await driver.closedLoop(options.seconds, options.warmup);
    return {
      rate: result.delivered / result.seconds,
      p50: percentile(result.latencies, 50),
      p99: percentile(result.latencies, 99),
      failures: [...result.failures.values()].reduce((sum, n) => sum + n, 0),
      mails: Math.round(((smtp.count() - mailsBefore) * options.seconds) / (options.seconds + options.warmup)),
      cpu: cpu(),
    };
  } finally {
    await close();
  }
}

function report(options: Settings, off: LoadFigures[], on: LoadFigures[], digest: { batchesLeft: number; sends: number }): BenchOutcome {
  heading('Worker: results');
  const mean = (list: LoadFigures[], pick: (figures: LoadFigures) => number) => list.reduce((sum, figures) => sum + pick(figures), 0) / list.length;
  const figure = (label: string, pick: (figures: LoadFigures) => number, digits: number, higherIsBetter: boolean) => {
    const a = mean(off, pick);
    const b = mean(on, pick);
    const ratio = higherIsBetter ? b / a : a / b;
    return { label, off: a.toFixed(digits), on: b.toFixed(digits), ratio };
  };
  const searchRate = figure('search req/s', (f) => f.searchRate, 0, true);
  const chatRate = figure('chat closed loop msg/s', (f) => f.chatRate, 0, true);
  const rows = [
    searchRate,
    figure('search p50 (ms)', (f) => f.searchP50, 1, false),
    figure('search p99 (ms)', (f) => f.searchP99, 1, false),
    chatRate,
    figure('chat p50 (ms)', (f) => f.chatP50, 1, false),
    figure('chat p99 (ms)', (f) => f.chatP99, 1, false),
  ].map((row) => [row.label, row.off, row.on, row.ratio.toFixed(2), row === searchRate || row === chatRate ? `≥ ${TARGET_RATIO.toFixed(2)}` : '']);
  const searchSeconds = options.seconds * on.length;
  const mailsSearch = on.reduce((sum, f) => sum + f.mailsDuringSearch, 0);
  const mailsChat = on.reduce((sum, f) => sum + f.mailsDuringChat, 0);
  rows.push(['digest mails/s while searched', '–', (mailsSearch / searchSeconds).toFixed(0), '', '']);
  rows.push(['digest mails/s during the chat loop', '–', (mailsChat / searchSeconds).toFixed(0), '', '']);
  rows.push([
    'server cores: search / chat',
    `${mean(off, (f) => f.searchCpu.server).toFixed(2)} / ${mean(off, (f) => f.chatCpu.server).toFixed(2)}`,
    `${mean(on, (f) => f.searchCpu.server).toFixed(2)} / ${mean(on, (f) => f.chatCpu.server).toFixed(2)}`,
    '',
    '',
  ]);
  console.log(table(['figure', 'WORKER=off', 'worker in process', 'ratio', 'target'], rows));
  console.log(
    `ratio: on ÷ off for rates, off ÷ on for latencies (higher is better). ${digest.sends.toLocaleString('en')} digests recorded, ${digest.batchesLeft} digest jobs left when stopped.`,
  );
  console.log(machineLine());

  const faults = [...off, ...on].reduce((sum, f) => sum + f.searchFaults + f.chatFailures, 0);
  const missed: string[] = [];
  if (searchRate.ratio < TARGET_RATIO) missed.push(`worker: search with the worker on ${searchRate.ratio.toFixed(2)} × WORKER=off < ${TARGET_RATIO}`);
  if (chatRate.ratio < TARGET_RATIO) missed.push(`worker: chat with the worker on ${chatRate.ratio.toFixed(2)} × WORKER=off < ${TARGET_RATIO}`);
  if (mailsSearch + mailsChat === 0) missed.push('worker: the digest sent no mail while measured');
  if (faults) missed.push(`worker: ${faults} failed searches or sends`);
  return {
    name: 'worker',
    lines: [
      `search ${searchRate.on} req/s with the worker in process vs ${searchRate.off} off: ${searchRate.ratio.toFixed(2)} (target ≥ ${TARGET_RATIO})`,
      `chat ${chatRate.on} msg/s with the worker in process vs ${chatRate.off} off: ${chatRate.ratio.toFixed(2)} (target ≥ ${TARGET_RATIO})`,
      `digest meanwhile: ${(mailsSearch / searchSeconds).toFixed(0)} mails/s during search, ${(mailsChat / searchSeconds).toFixed(0)} during chat`,
    ],
    missed,
    ratios: { 'search, worker in process ÷ off': searchRate.ratio, 'chat, worker in process ÷ off': chatRate.ratio },
  };
}

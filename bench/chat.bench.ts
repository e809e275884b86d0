import crypto from 'node:crypto';
import type WebSocket from 'ws';
import { closeSockets, connectAppMembers, openMemberSocket, type SendPath } from './support/chat-app-transport';
import { CHAT_BENCH_DOMAIN, checkLedger, createScratchDatabase, loadChatMembers, type ChatBenchMember } from './support/chat-data';
import { createLoadDriver, percentile, type ChatTransport, type PhaseResult } from './support/chat-load';
import { onCleanup } from './support/cleanup';
import { runDebitLoop } from './support/debit-loop';
import { COLLECT_ON_SIGNAL_NODE_ARGS, collectedResidentBytes, measureCpu, type CpuShare } from './support/process-stats';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';
import { watchStalls, type Stalls } from './support/stall-watch';
import { describeBuild, startServer, type RunningServer } from './support/server';
import { startWsRelay } from './support/ws-relay';

/**
 * Chat on PostgreSQL: members in pairs on one server instance send each other messages as the
 * web app does — `send_message` on their tab's socket — and receive them on the same socket;
 * every message is persisted and debited. Measured: delivered messages/s in a closed loop,
 * send → delivery latency at fixed offered rates, server memory per idle socket, and (no
 * target) the closed loop again with every send a `POST /api/messages.php`, the path a tab
 * takes when its socket is down. Ceilings in the same run: a bare `ws` relay (transport) and a
 * bare debit-and-insert transaction loop through `pg` (database). Every measured phase, the
 * database ceiling's included, starts after a `CHECKPOINT`, so none pays for the disk
 * write-back of the phase before it.
 */

/** Issue 36's targets: 10,000 messages/s closed loop, a third of the bare relay, p99 ≤ 25 ms up to 5,000/s. */
const TARGET_RATE = 10_000;
const TARGET_RELAY_RATIO = 0.35;
const TARGET_P99_MS = 25;
const TARGET_P99_AT = [2000, 5000];
const POOL_SIZE = 20;

interface Settings {
  pairs: number;
  idleSockets: number;
  rates: number[];
  seconds: number;
  warmup: number;
  adminUrl: string;
  dbName: string;
}

function settings(): Settings {
  const rates = (process.env.BENCH_CHAT_RATES ?? '1000,2000,5000')
    .split(',')
    .map((item) => Math.round(Number(item.trim())))
    .filter((n) => n > 0);
  return {
    pairs: Math.round(envNumber('BENCH_CHAT_PAIRS', 500)),
    idleSockets: Math.round(envNumber('BENCH_CHAT_IDLE_SOCKETS', 10_000)),
    rates,
    seconds: envNumber('BENCH_SECONDS', 10),
    warmup: envNumber('BENCH_WARMUP_SECONDS', 2),
    adminUrl: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    dbName: process.env.BENCH_CHAT_DB ?? 'rdv_bench_chat',
  };
}

export async function runChatBench(): Promise<BenchOutcome> {
  const options = settings();
  const memberCount = Math.max(options.idleSockets, options.pairs * 2);
  heading('Chat: persisted, debited messages over the WebSocket, on PostgreSQL');
  console.log(machineLine());
  console.log(describeBuild());
  console.log(
    `${options.pairs * 2} members in ${options.pairs} pairs on one instance; ${options.warmup} s warm-up, then ${options.seconds} s per phase; ` +
      `fixed rates ${options.rates.join(', ')} msg/s; memory with ${options.idleSockets.toLocaleString('en')} idle sockets.`,
  );

  const scratch = await createScratchDatabase(options.adminUrl, options.dbName);
  const dropScratch = onCleanup(`drop database ${options.dbName}`, scratch.drop);
  try {
    const loadStarted = performance.now();
    const members = await loadChatMembers(scratch.url, { count: memberCount, paired: options.pairs * 2 });
    console.log(
      `loaded ${members.length.toLocaleString('en')} members with sessions and ${options.pairs} conversations in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
    );
    const paired = members.slice(0, options.pairs * 2);

    const app = await measureApp(scratch.url, members, paired, options, scratch.checkpoint);
    const ledger = await checkLedger(scratch.url);
    const relay = await measureRelay(paired.length, options);
    heading('Chat: database ceiling (debit + ledger + message, one transaction each, through pg)');
    await scratch.checkpoint();
    const database = await runDebitLoop(scratch.url, paired, { workers: POOL_SIZE, seconds: options.seconds, warmupSeconds: options.warmup });
    return report(options, app, ledger, relay, database);
  } finally {
    await dropScratch();
  }
}

/** A phase of the app with what the machine did meanwhile. */
type AppPhase = PhaseResult & { cpu: CpuShare; stalls: Stalls };

interface AppFigures {
  memory: { baseline: number; withSockets: number; sockets: number };
  closed: AppPhase;
  closedHttp: AppPhase;
  rates: (AppPhase & { rate: number })[];
  acknowledged: number;
}

async function measureApp(
  url: string,
  members: ChatBenchMember[],
  paired: ChatBenchMember[],
  options: Settings,
  checkpoint: () => Promise<void>,
): Promise<AppFigures> {
  heading('Chat: the app');
  const server = await startServer({
    env: { DATABASE_URL: url, SEED_DEMO: 'false', DEFAULT_SITE_DOMAIN: CHAT_BENCH_DOMAIN },
    nodeArgs: COLLECT_ON_SIGNAL_NODE_ARGS,
  });
  const stopServer = onCleanup('chat server', () => server.stop());
  try {
    console.log(`server ready at ${server.url} after ${server.startSeconds.toFixed(1)} s (pid ${server.pid})`);
    const memory = await measureIdleSockets(server, members.slice(0, options.idleSockets));

    let acknowledged = 0;
    const connect = async (path: SendPath) =>
      countAcks(await connectAppMembers(server.url, CHAT_BENCH_DOMAIN, paired, `b${crypto.randomBytes(4).toString('hex')}`, path), () => acknowledged++);
    const transport = await connect('socket');
    const closeTransport = onCleanup('app sockets', () => transport.close());
    const driver = createLoadDriver(transport);

    console.log('closed loop…');
    await checkpoint();
    const closedMachine = watchMachine(server.pid);
    const closed = { ...(await driver.closedLoop(options.seconds, options.warmup)), ...closedMachine() };
    printPhase('closed loop', closed);
    const rates: AppFigures['rates'] = [];
    for (const rate of options.rates) {
      await checkpoint();
      const machine = watchMachine(server.pid);
      const result = { ...(await driver.fixedRate(rate, options.seconds, options.warmup)), rate, ...machine() };
      printPhase(`fixed ${rate}/s`, result);
      rates.push(result);
    }
    await closeTransport();

    console.log('closed loop, every send a POST /api/messages.php…');
    const httpTransport = await connect('http');
    await checkpoint();
    const closeHttp = onCleanup('app HTTP connections', () => httpTransport.close());
    const httpMachine = watchMachine(server.pid);
    const closedHttp = { ...(await createLoadDriver(httpTransport).closedLoop(options.seconds, options.warmup)), ...httpMachine() };
    printPhase('closed loop, HTTP send', closedHttp);
    await closeHttp();
    return { memory, closed, closedHttp, rates, acknowledged };
  } finally {
    await stopServer();
  }
}

/** Starts watching the machine during a phase; the returned function gives the CPU shares and longest stalls since. */
function watchMachine(serverPid: number): () => Pick<AppPhase, 'cpu' | 'stalls'> {
  const cpu = measureCpu(serverPid);
  const stalls = watchStalls();
  return () => ({ cpu: cpu(), stalls: stalls() });
}

/** Wraps a transport so every acknowledged (HTTP 201) send is counted. */
function countAcks(transport: ChatTransport, count: () => void): ChatTransport {
  return { ...transport, send: (from, seq) => transport.send(from, seq).then(count) };
}

/** Server RSS after full collections, before and after opening `members.length` authenticated sockets that then sit idle. */
async function measureIdleSockets(server: RunningServer, members: ChatBenchMember[]) {
  const baseline = await collectedResidentBytes(server.pid);
  const sockets: WebSocket[] = [];
  const closeAll = onCleanup('idle sockets', () => closeSockets(sockets));
  const started = performance.now();
  for (let start = 0; start < members.length; start += 250) {
    sockets.push(...(await Promise.all(members.slice(start, start + 250).map((member) => openMemberSocket(server.url, member.token)))));
  }
  console.log(`opened ${sockets.length.toLocaleString('en')} sockets in ${((performance.now() - started) / 1000).toFixed(1)} s; letting them sit idle…`);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const withSockets = await collectedResidentBytes(server.pid);
  const open = sockets.filter((socket) => socket.readyState === socket.OPEN).length;
  await closeAll();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  console.log(`server RSS ${mb(baseline)} → ${mb(withSockets)} with ${open.toLocaleString('en')} open: ${kb((withSockets - baseline) / open)} per idle socket`);
  return { baseline, withSockets, sockets: open };
}

async function measureRelay(members: number, options: Settings) {
  heading('Chat: transport ceiling (bare ws relay, own process)');
  const relay = await startWsRelay(members);
  const closeRelay = onCleanup('ws relay', () => relay.close());
  try {
    const result = await createLoadDriver(relay).closedLoop(options.seconds, options.warmup);
    printPhase('relay closed loop', result);
    return result;
  } finally {
    await closeRelay();
  }
}

function printPhase(name: string, result: PhaseResult & { cpu?: CpuShare; stalls?: Stalls }) {
  const failures = [...result.failures].map(([reason, n]) => `${n}× ${reason}`).join(', ');
  console.log(
    `${name}: ${rate(result)} delivered msg/s, p50 ${ms(percentile(result.latencies, 50))}, p99 ${ms(percentile(result.latencies, 99))}` +
      (result.offered !== undefined
        ? `, offered ${result.offered}, undelivered ${result.undelivered}${result.saturated ? ' (stopped early: backlog)' : ''}`
        : '') +
      (failures ? `, failures: ${failures}` : '') +
      (result.cpu
        ? `; CPU: server ${result.cpu.server.toFixed(2)} cores, load generator ${result.cpu.generator.toFixed(2)}, machine ${(result.cpu.machine * 100).toFixed(0)} % busy, ${(result.cpu.stolen * 100).toFixed(0)} % stolen`
        : '') +
      (result.stalls ? `; ${stallText(result.stalls)}` : ''),
  );
}

function report(
  options: Settings,
  app: AppFigures,
  ledger: Awaited<ReturnType<typeof checkLedger>>,
  relay: PhaseResult,
  database: Awaited<ReturnType<typeof runDebitLoop>>,
): BenchOutcome {
  const appRate = app.closed.delivered / app.closed.seconds;
  const relayRate = relay.delivered / relay.seconds;
  const databaseRate = database.transactions / database.seconds;
  const perSocket = (app.memory.withSockets - app.memory.baseline) / app.memory.sockets;

  heading('Chat: results');
  const rows = [
    ['app, closed loop', rate(app.closed), ms(percentile(app.closed.latencies, 50)), ms(percentile(app.closed.latencies, 99)), '', cpuText(app.closed.cpu)],
    [
      'app, closed loop, HTTP send',
      rate(app.closedHttp),
      ms(percentile(app.closedHttp.latencies, 50)),
      ms(percentile(app.closedHttp.latencies, 99)),
      '',
      cpuText(app.closedHttp.cpu),
    ],
    ...app.rates.map((r) => [
      `app, fixed ${r.rate}/s`,
      rate(r),
      ms(percentile(r.latencies, 50)),
      ms(percentile(r.latencies, 99)),
      `${r.undelivered}${r.saturated ? ' (backlog)' : ''}`,
      cpuText(r.cpu),
    ]),
    ['ceiling: bare ws relay, closed loop', rate(relay), ms(percentile(relay.latencies, 50)), ms(percentile(relay.latencies, 99)), '', ''],
    ['ceiling: pg debit+insert tx loop', databaseRate.toFixed(0), ms(database.p50), ms(database.p99), '', `${POOL_SIZE} connections`],
  ];
  console.log(table(['measure', 'msg/s', 'p50', 'p99', 'undelivered', 'CPU (cores: server / generator; machine busy / stolen)'], rows));
  const lines = [
    `closed loop: ${appRate.toFixed(0)} persisted, debited messages delivered/s (target ≥ ${TARGET_RATE})`,
    `closed loop with every send over HTTP (a tab whose socket is down): ${rate(app.closedHttp)} msg/s`,
    ...app.rates.map(
      (r) =>
        `fixed ${r.rate}/s: delivered ${rate(r)}/s, p50 ${ms(percentile(r.latencies, 50))}, p99 ${ms(percentile(r.latencies, 99))}${r.undelivered ? `, ${r.undelivered} undelivered` : ''} (${stallText(r.stalls)})`,
    ),
    `transport ceiling (bare ws relay): ${relayRate.toFixed(0)} msg/s; app ÷ relay = ${(appRate / relayRate).toFixed(3)} (target ≥ ${TARGET_RELAY_RATIO})`,
    `database ceiling (one pg transaction per message, ${POOL_SIZE} connections): ${databaseRate.toFixed(0)} msg/s; app ÷ database = ${(appRate / databaseRate).toFixed(3)}`,
    `memory: server RSS ${mb(app.memory.baseline)} → ${mb(app.memory.withSockets)} with ${app.memory.sockets.toLocaleString('en')} idle sockets = ${kb(perSocket)} per socket`,
    `ledger: ${app.acknowledged} sends acknowledged (201), ${ledger.paidMessages} paid messages stored, ${ledger.messageDebits} message debits, ${ledger.unbalancedMembers} members whose ledger ≠ balance`,
  ];
  for (const line of lines) console.log(line);

  const missed: string[] = [];
  if (appRate < TARGET_RATE) missed.push(`chat: closed loop ${appRate.toFixed(0)} msg/s < ${TARGET_RATE}`);
  if (appRate / relayRate < TARGET_RELAY_RATIO) missed.push(`chat: closed loop ÷ relay ${(appRate / relayRate).toFixed(3)} < ${TARGET_RELAY_RATIO}`);
  for (const at of app.rates.filter((r) => TARGET_P99_AT.includes(r.rate))) {
    if (!(percentile(at.latencies, 99) <= TARGET_P99_MS))
      missed.push(`chat: p99 at ${at.rate}/s ${ms(percentile(at.latencies, 99))} > ${TARGET_P99_MS} ms (${stallText(at.stalls)})`);
  }
  // Read before the database ceiling wrote its own rows: every acknowledged send is stored and debited once.
  if (ledger.unbalancedMembers) missed.push(`chat: ${ledger.unbalancedMembers} members' ledger does not add up to their balance`);
  if (ledger.paidMessages < app.acknowledged || ledger.messageDebits !== ledger.paidMessages)
    missed.push('chat: stored messages and debits do not match the acknowledged sends');
  const ratios = { 'chat closed loop ÷ ws relay': appRate / relayRate, 'chat closed loop ÷ database loop': appRate / databaseRate };
  return { name: 'chat', lines, missed, ratios };
}

const rate = (result: PhaseResult) => (result.delivered / result.seconds).toFixed(0);
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : value > 0 ? '∞' : '–');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const stallText = (stalls: Stalls) =>
  `longest stalls: disk ${stalls.disk === null ? 'not watched' : `${stalls.disk.toFixed(0)} ms`}, load generator ${stalls.generator.toFixed(0)} ms`;
const cpuText = (cpu: CpuShare) =>
  `${cpu.server.toFixed(2)} / ${cpu.generator.toFixed(2)}; ${(cpu.machine * 100).toFixed(0)} % / ${(cpu.stolen * 100).toFixed(0)} %`;

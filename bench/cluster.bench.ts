import crypto from 'node:crypto';
import { startCluster, type Cluster } from '../scripts/cluster/start-cluster';
import { startTestS3 } from '../tests/setup/s3-server';
import { CHAT_BENCH_DOMAIN, createScratchDatabase, loadChatMembers, type ChatBenchMember } from './support/chat-data';
import { percentile } from './support/chat-load';
import { connectTabs, runChatClosedLoop } from './support/cluster-chat-loop';
import { measureScaling } from './support/cluster-scale';
import { onCleanup } from './support/cleanup';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';

/**
 * The cluster under chat load while it loses instances (issue 21): 3 instances and a worker
 * behind nginx on PostgreSQL, Redis and an S3 server. Members in pairs send at a fixed rate over
 * their sockets for a minute; one instance is SIGKILLed at a third of it and another SIGTERMed
 * (drained) at two thirds. Counted: acknowledged messages their recipient never got, messages
 * delivered twice, and how long each cut-off tab took to reconnect and resync. Then the same
 * load for a short while through nginx to 3 instances and straight to 1, for the throughput ratio
 * (on one small machine that ratio shows the cluster's overhead, not its gain).
 */

const TARGET_RECOVERY_P99_MS = 5_000;

export async function runClusterBench(): Promise<BenchOutcome> {
  // BENCH_CLUSTER_INSTANCES=1,2,3: throughput at each instance count, no failover (issue 36).
  if (process.env.BENCH_CLUSTER_INSTANCES) return runScalingBench(process.env.BENCH_CLUSTER_INSTANCES);
  const rate = envNumber('BENCH_CLUSTER_RATE', 2000);
  const seconds = envNumber('BENCH_CLUSTER_SECONDS', 60);
  const pairs = Math.round(envNumber('BENCH_CLUSTER_PAIRS', 200));
  const throughputSeconds = envNumber('BENCH_CLUSTER_THROUGHPUT_SECONDS', 10);
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  heading('Cluster: chat at a fixed rate through nginx while instances are killed and drained');
  console.log(machineLine());
  console.log(
    `3 instances + worker + nginx, ${pairs} pairs, ${rate} msgs/s for ${seconds} s: SIGKILL at ${Math.round(seconds / 3)} s, SIGTERM at ${Math.round((2 * seconds) / 3)} s`,
  );

  const database = await createScratchDatabase(adminUrl, 'rdv_bench_cluster');
  const dropDatabase = onCleanup('cluster bench database', database.drop);
  const members = await loadChatMembers(database.url, { count: pairs * 2, paired: pairs * 2 });
  const s3 = await startTestS3({ prefix: 'bench' });
  const stopS3 = onCleanup('cluster bench S3', () => s3.close());
  const cluster = await startCluster({
    instances: 3,
    port: Number(process.env.BENCH_CLUSTER_PORT ?? 4880),
    env: { DATABASE_URL: database.url, REDIS_URL: redisUrl, SEED_DEMO: 'false', DEFAULT_SITE_DOMAIN: CHAT_BENCH_DOMAIN, ...s3.env },
    log: (line: string) => (/error|fatal/i.test(line) ? console.log(line) : undefined),
  });
  const stopCluster = onCleanup('cluster', () => cluster.stop());
  const missed: string[] = [];
  const lines: string[] = [];
  try {
    const failover = await runFailover(cluster, members, { rate, seconds });
    // The killed and the drained instance come back before the throughput runs.
    await Promise.all([cluster.restart(0), cluster.restart(1)]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const throughput3 = await runThroughput(cluster.url, members, throughputSeconds);
    const throughput1 = await runThroughput(`http://127.0.0.1:${cluster.instances[2]!.port}`, members, throughputSeconds);
    const recoveryP99 = percentile(failover.recoveries, 99);
    console.log(
      table(
        ['figure', 'value', 'target'],
        [
          ['messages offered / acknowledged', `${failover.offered} / ${failover.acked}`, ''],
          ['acknowledged and never delivered', String(failover.lost), '0'],
          ['delivered twice (same id)', String(failover.duplicates), '0'],
          ['one send stored twice (two ids)', String(failover.storedTwice), '0'],
          ['tabs cut off and recovered', `${failover.recoveries.length}`, ''],
          ['reconnect + resync p50 / p99', `${percentile(failover.recoveries, 50)} / ${recoveryP99} ms`, `p99 ≤ ${TARGET_RECOVERY_P99_MS} ms`],
          ['throughput, 3 instances via nginx', `${throughput3.toFixed(0)} msgs/s`, ''],
          ['throughput, 1 instance direct', `${throughput1.toFixed(0)} msgs/s`, ''],
          ['3 instances ÷ 1', (throughput3 / throughput1).toFixed(2), 'reported'],
        ],
      ),
    );
    if (failover.lost) missed.push(`cluster: ${failover.lost} acknowledged messages lost`);
    if (failover.duplicates) missed.push(`cluster: ${failover.duplicates} messages delivered twice`);
    if (failover.storedTwice) missed.push(`cluster: ${failover.storedTwice} sends stored twice`);
    if (recoveryP99 > TARGET_RECOVERY_P99_MS) missed.push(`cluster: reconnect p99 ${recoveryP99} ms > ${TARGET_RECOVERY_P99_MS} ms`);
    lines.push(
      `cluster: lost ${failover.lost}, duplicates ${failover.duplicates} (same id) / ${failover.storedTwice} (stored twice), recovery p99 ${recoveryP99} ms (${failover.recoveries.length} tabs), ${failover.acked}/${failover.offered} acked at ${rate}/s; 3 vs 1 instance ${throughput3.toFixed(0)} / ${throughput1.toFixed(0)} msgs/s`,
    );
  } finally {
    await stopCluster();
    await stopS3();
    await dropDatabase();
  }
  return { name: 'cluster', lines, missed };
}

async function runFailover(cluster: Cluster, members: ChatBenchMember[], options: { rate: number; seconds: number }) {
  const tabs = await connectTabs(cluster.url, members);
  const runId = crypto.randomBytes(4).toString('hex');
  const started = Date.now();
  let offered = 0;
  const faults = [
    { at: (options.seconds / 3) * 1000, run: () => cluster.signal(0, 'SIGKILL') },
    { at: ((2 * options.seconds) / 3) * 1000, run: () => cluster.signal(1, 'SIGTERM') },
  ];
  // Offered in 10 ms slices, spread over every member in turn.
  while (Date.now() - started < options.seconds * 1000) {
    const elapsed = Date.now() - started;
    const due = Math.floor((elapsed / 1000) * options.rate);
    for (; offered < due; offered++) {
      const from = offered % members.length;
      tabs[from]!.send(members[from]!.conversationId, `${runId}-${offered}`, `cluster ${offered}`);
    }
    while (faults.length && elapsed >= faults[0]!.at) void faults.shift()!.run();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // Every unanswered send gets its answer, then every tab asks once more for what it missed.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && tabs.some((tab) => tab.pending > 0 || !tab.connected)) await new Promise((resolve) => setTimeout(resolve, 200));
  tabs.forEach((tab) => tab.resync());
  await new Promise((resolve) => setTimeout(resolve, 3_000));

  const receivedBy = new Map<number, Map<number, number>>();
  tabs.forEach((tab, index) => receivedBy.set(index, tab.stats.received));
  let acked = 0;
  let lost = 0;
  tabs.forEach((tab, index) => {
    const partner = receivedBy.get(members[index]!.partnerIndex)!;
    for (const messageId of tab.stats.acked.values()) {
      acked += 1;
      if (!partner.has(messageId)) lost += 1;
    }
  });
  // Delivered twice under one id: the web app merges by id, so the member sees it once, but the
  // server sent it twice (a resync repeating a live delivery). Under two ids: the member sees both.
  const duplicates = tabs.reduce((sum, tab) => sum + [...tab.stats.received.values()].filter((count) => count > 1).length, 0);
  const storedTwice = tabs.reduce((sum, tab) => sum + tab.stats.storedTwice, 0);
  const recoveries = tabs.flatMap((tab) => tab.stats.recoveries);
  tabs.forEach((tab) => tab.stop());
  return { offered, acked, lost, duplicates, storedTwice, recoveries };
}

/** Closed loop: every member keeps one message in flight; acknowledged messages per second. */
async function runThroughput(url: string, members: ChatBenchMember[], seconds: number): Promise<number> {
  const loop = await runChatClosedLoop(url, members, seconds);
  return loop.acked / loop.seconds;
}

/** The scaling runs: the same load through nginx to 1, 2, 3 … instances on one PostgreSQL and one Redis. */
async function runScalingBench(list: string): Promise<BenchOutcome> {
  const counts = list.split(',').map((value) => Number(value.trim()));
  if (counts.some((count) => !Number.isInteger(count) || count < 1 || count > 8))
    throw new Error(`BENCH_CLUSTER_INSTANCES: instance counts 1–8, got "${list}"`);
  const pairs = Math.round(envNumber('BENCH_CLUSTER_PAIRS', 200));
  const seconds = envNumber('BENCH_CLUSTER_THROUGHPUT_SECONDS', 10);
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  heading(`Cluster scaling: ${counts.join(', ')} instances behind nginx on one PostgreSQL and one Redis`);
  console.log(machineLine());
  console.log(`${pairs} chat pairs (closed loop) and a signed-in member's /members rendered every time (16 connections), ${seconds} s each`);
  const database = await createScratchDatabase(adminUrl, 'rdv_bench_cluster');
  const dropDatabase = onCleanup('cluster bench database', database.drop);
  const s3 = await startTestS3({ prefix: 'bench' });
  const stopS3 = onCleanup('cluster bench S3', () => s3.close());
  try {
    const members = await loadChatMembers(database.url, { count: pairs * 2, paired: pairs * 2 });
    const phases = await measureScaling({
      counts,
      databaseUrl: database.url,
      env: { DATABASE_URL: database.url, REDIS_URL: redisUrl, SEED_DEMO: 'false', DEFAULT_SITE_DOMAIN: CHAT_BENCH_DOMAIN, ...s3.env },
      members,
      seconds,
      port: Number(process.env.BENCH_CLUSTER_PORT ?? 4880),
      log: (line: string) => (/error|fatal/i.test(line) ? console.log(line) : undefined),
    });
    // Against one instance when the run has it, else against the first count measured.
    const baseOf = (kind: string) =>
      (phases.find((phase) => phase.kind === kind && phase.instances === 1) ?? phases.find((phase) => phase.kind === kind)!).rate;
    console.log(
      table(
        [
          'instances',
          'load',
          'per second',
          '÷ 1 instance',
          'app cores',
          'per app core',
          'nginx cores',
          'PostgreSQL cores',
          'commits/s',
          'machine busy',
          'errors',
        ],
        phases.map((phase) => [
          String(phase.instances),
          phase.kind === 'chat' ? 'chat msgs' : 'member pages',
          phase.rate.toFixed(0),
          (phase.rate / baseOf(phase.kind)).toFixed(2),
          phase.appCores.toFixed(2),
          (phase.rate / Math.max(0.01, phase.appCores)).toFixed(0),
          phase.nginxCores.toFixed(2),
          phase.postgresCores.toFixed(2),
          phase.commitsPerSecond.toFixed(0),
          `${(phase.machineBusy * 100).toFixed(0)} %`,
          String(phase.errors),
        ]),
      ),
    );
    const lines = phases.map(
      (phase) => `cluster ${phase.instances}× ${phase.kind}: ${phase.rate.toFixed(0)}/s, PostgreSQL ${phase.postgresCores.toFixed(2)} cores`,
    );
    return { name: 'cluster', lines, missed: [] };
  } finally {
    await stopS3();
    await dropDatabase();
  }
}

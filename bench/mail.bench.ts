import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { createJobsRepository } from '../server/db/repositories/jobs.repository';
import { createSitesRepository } from '../server/db/repositories/sites.repository';
import { WEEKLY_DIGEST_JOB } from '../server/domain/notifications/scheduled/weekly-digest.rules';
import { onCleanup } from './support/cleanup';
import { measureCpu } from './support/process-stats';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';
import { BENCH_SITE_DOMAIN, benchSiteRow, loadMembers, type Exec } from './support/search-data';
import { describeBuild, ROOT, sleep, startServer } from './support/server';
import { startSmtpSink } from './support/smtp-sink';

/**
 * `npm run bench -- mail` (issue 17): BENCH_MAIL_MEMBERS (100,000) members on PostgreSQL get
 * their weekly_updates digest, mailed by a separate worker process to an SMTP peer in this
 * process that counts what arrives, while autocannon asks the web process for
 * `/api/settings.php`. The idle rate is measured first, in the same run.
 * Targets: ≥ 200 mails/s; settings.php under mailing ≥ 0.80 × its idle rate.
 */

const TARGET_MAILS_PER_SECOND = 200;
const TARGET_RATIO = 0.8;

async function settingsRate(url: string, seconds: number, connections: number): Promise<{ perSecond: number; p99: number; errors: number }> {
  const result = await autocannon({
    url: `${url}/api/settings.php`,
    connections,
    duration: seconds,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  return { perSecond: result.requests.total / result.duration, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
}

/** The worker: `npm run worker` (server/worker.ts) as its own process, as a deployment runs it apart from the web. */
function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
}

export async function runMailBench(): Promise<BenchOutcome> {
  const members = Math.round(envNumber('BENCH_MAIL_MEMBERS', 100_000));
  const seconds = Math.round(envNumber('BENCH_SECONDS', 10));
  const connections = Math.round(envNumber('BENCH_CONNECTIONS', 10));
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = process.env.BENCH_MAIL_DB ?? 'rdv_bench_mail';
  const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const scratchUrl = urlOf(dbName);

  heading(`Weekly digest mail on PostgreSQL: ${members.toLocaleString('en')} real members (and a tenth more fictional profiles)`);
  console.log(machineLine());
  console.log(describeBuild());
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`skipped: cannot connect to ${adminUrl} (${error instanceof Error ? error.message : error}); set BENCH_PG_ADMIN_URL.`);
    return { name: 'mail', lines: [`skipped (cannot connect to ${adminUrl})`], missed: [] };
  }
  onCleanup('admin connection', () => admin.end());
  onCleanup(`drop database ${dbName}`, async () => {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    console.log(`dropped scratch database ${dbName}`);
  });
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);

  const handle = await openDatabase({ kind: 'postgres', url: scratchUrl, poolSize: 2 });
  try {
    const site = await createSitesRepository(handle.db).insert(benchSiteRow());
    const client = await handle.pool!.connect();
    try {
      await client.query(`set synchronous_commit = off`);
      const exec: Exec = (text, params) => client.query(text, params as unknown[]);
      const loadStarted = performance.now();
      // The loader makes a tenth of them fictional profiles, which get no mail: load that many more.
      await loadMembers(exec, { siteId: site.id, count: Math.ceil(members / 0.9) });
      await client.query(`vacuum analyze users`);
      console.log(`members loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    } finally {
      client.release();
    }
  } finally {
    await handle.close();
  }
  const smtp = await startSmtpSink();
  onCleanup('smtp sink', () => smtp.close());
  const server = await startServer({ env: { DATABASE_URL: scratchUrl, SEED_DEMO: 'false', DEFAULT_SITE_DOMAIN: BENCH_SITE_DOMAIN, WORKER: 'off' } });
  onCleanup('mail bench server', () => server.stop());

  await settingsRate(server.url, 2, connections);
  const idle = await settingsRate(server.url, seconds, connections);
  console.log(`settings.php idle: ${idle.perSecond.toFixed(0)} req/s, p99 ${idle.p99} ms`);

  const jobsDb = await openDatabase({ kind: 'postgres', url: scratchUrl, poolSize: 2 }, { migrate: false });
  onCleanup('jobs connection', () => jobsDb.close());
  // The week's digest, due now, as the Sunday schedule enqueues it: a worker started outside Sunday
  // 17:00–23:00 UTC enqueues none (ADR 0074), and at a start the schedules are spaced out (ADR 0077).
  const now = new Date();
  await createJobsRepository(jobsDb.db).enqueue(WEEKLY_DIGEST_JOB, { periodStart: now.toISOString() }, now, now, { key: 'mail-bench' });
  const smtpUrl = `smtp://127.0.0.1:${smtp.port}?${process.env.BENCH_MAIL_SMTP_OPTIONS ?? 'pool=true&maxConnections=8'}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendezvous-mail-worker-'));
  onCleanup('worker data dir', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const workerEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: scratchUrl,
    SMTP_URL: smtpUrl,
    SEED_DEMO: 'false',
    DEFAULT_SITE_DOMAIN: BENCH_SITE_DOMAIN,
  };
  const started = performance.now();
  const worker = startWorker(workerEnv);
  console.log(`worker: \`npm run worker\` (server/worker.ts); SMTP ${smtpUrl}`);
  const workerExited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  onCleanup('worker', async () => {
    if (worker.exitCode === null) worker.kill('SIGTERM');
    await workerExited;
  });

  // Under load once mails flow: the web process measured while the worker is at full speed.
  while (smtp.count() < 2000 && performance.now() - started < 120_000) await sleep(200);
  const cpu = measureCpu(server.pid);
  const workerCpu = measureCpu(worker.pid ?? null);
  const busy = await settingsRate(server.url, seconds, connections);
  const cpuShare = cpu();
  const workerShare = workerCpu();
  const mailsDuringLoad = smtp.count();

  const pending = async () =>
    (await jobsDb.pool!.query(`select count(*)::int as count from jobs where kind like 'notify.weekly_updates%' and done_at is null`)).rows[0].count as number;
  const deadline = performance.now() + Math.max(600_000, members * 20);
  while ((await pending()) > 0 && performance.now() < deadline) await sleep(500);
  await sleep(500);
  const recorded = (await jobsDb.pool!.query(`select count(*)::int as count from notification_sends where channel = 'email'`)).rows[0].count as number;
  const received = smtp.count();
  const mailSeconds = (smtp.lastAt() - smtp.firstAt()) / 1000;
  const totalSeconds = (smtp.lastAt() - started) / 1000;
  const mailsPerSecond = received / Math.max(mailSeconds, 0.001);
  const ratio = busy.perSecond / idle.perSecond;

  const rows = [
    ['mails received by the SMTP peer (the digests, and the promotions and reminders the sweeps send the same members)', received.toLocaleString('en')],
    ['e-mail sends recorded, every kind (notification_sends)', recorded.toLocaleString('en')],
    ['mails/s, first to last mail', mailsPerSecond.toFixed(0)],
    ['seconds from the weekly job to the last mail', totalSeconds.toFixed(1)],
    ['settings.php idle req/s', idle.perSecond.toFixed(0)],
    [`settings.php req/s while mailing (${mailsDuringLoad.toLocaleString('en')} mails in by its end)`, busy.perSecond.toFixed(0)],
    ['ratio busy / idle', ratio.toFixed(2)],
    ['settings.php p99 idle / busy (ms)', `${idle.p99} / ${busy.p99}`],
    [
      'cores used during that load: web / worker / bench (autocannon + SMTP peer)',
      `${cpuShare.server.toFixed(2)} / ${workerShare.server.toFixed(2)} / ${cpuShare.generator.toFixed(2)}`,
    ],
    ['machine busy during that load (PostgreSQL and everything else included)', `${(cpuShare.machine * 100).toFixed(0)} %`],
  ];
  console.log(table(['figure', 'value'], rows));
  const missed: string[] = [];
  if (mailsPerSecond < TARGET_MAILS_PER_SECOND) missed.push(`mail: ${mailsPerSecond.toFixed(0)} mails/s < ${TARGET_MAILS_PER_SECOND}`);
  if (ratio < TARGET_RATIO) missed.push(`mail: settings.php while mailing ${ratio.toFixed(2)} × idle < ${TARGET_RATIO}`);
  if (received !== recorded) missed.push(`mail: ${received} mails received but ${recorded} sends recorded`);
  if (idle.errors || busy.errors) missed.push(`mail: settings.php errors idle ${idle.errors}, busy ${busy.errors}`);
  return {
    name: 'mail',
    lines: [
      `${received.toLocaleString('en')} digests at ${mailsPerSecond.toFixed(0)} mails/s (target ≥ ${TARGET_MAILS_PER_SECOND})`,
      `settings.php ${busy.perSecond.toFixed(0)} req/s while mailing vs ${idle.perSecond.toFixed(0)} idle: ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO})`,
    ],
    missed,
  };
}

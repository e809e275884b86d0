import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { acquireDirectoryLock } from '../../server/db/pglite-lock';
import { testEnv } from '../setup/test-env';

/**
 * Issue 17: several workers on one PostgreSQL never run the same job twice, and each recurring
 * kind runs once per period however many workers schedule it. Two real worker processes
 * (`startWorker`, as `npm run worker` runs it) share a backlog; every run leaves a row.
 */

const JOBS = 400;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Child {
  pid: number;
  output(): string;
  exited: Promise<number | string>;
  stop(): Promise<number | string>;
}

function spawnTsx(script: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return {
    pid: child.pid!,
    output: () => output,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

async function waitFor(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('worker processes', () => {
  it.runIf(!!testEnv.databaseUrl)('run each of 400 jobs exactly once between two workers, and a schedule once per period', async () => {
    const url = await createScratchPostgres(testEnv.databaseUrl!);
    // Migrated up front, with the table the test kinds write to.
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    await handle.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    cleanups.push(() => client.end());
    await client.query('create table job_test_runs (job_id int not null, kind text not null, period_start text, pid int not null)');

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-workers-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const workers = [0, 1].map(() => spawnTsx('tests/durability/support/recording-worker.ts', { DATABASE_URL: url, DATA_DIR: dataDir }));
    for (const worker of workers) cleanups.push(() => void worker.stop());
    await waitFor(() => workers.every((worker) => worker.output().includes('worker ready')), 'both workers to start', 120_000);

    // One backlog, enqueued at once while both poll.
    await client.query(`insert into jobs (kind, payload, run_at) select 'record_run', jsonb_build_object('n', n), now() from generate_series(1, ${JOBS}) as n`);
    const done = async () =>
      (await client.query<{ count: number }>(`select count(*)::int as count from jobs where kind = 'record_run' and done_at is not null`)).rows[0].count;
    await waitFor(async () => (await done()) === JOBS, `${JOBS} jobs to be done`);
    // Both go on until `record_tick`, scheduled every second, has run in a few periods.
    const tickPeriods = async () =>
      (await client.query<{ count: number }>(`select count(distinct period_start)::int as count from job_test_runs where kind = 'record_tick'`)).rows[0].count;
    await waitFor(async () => (await tickPeriods()) >= 3, 'three periods of record_tick');
    const exits = await Promise.all(workers.map((worker) => worker.stop()));
    expect(exits).toEqual([0, 0]);

    const runs = await client.query<{ job_id: number; kind: string; period_start: string | null; pid: number }>('select * from job_test_runs');
    const jobRuns = runs.rows.filter((row) => row.kind === 'record_run');
    expect(jobRuns).toHaveLength(JOBS);
    expect(new Set(jobRuns.map((row) => row.job_id)).size).toBe(JOBS);
    // Both workers took part: it is the claims that kept them apart, not one working alone.
    const pids = new Set(jobRuns.map((row) => row.pid));
    expect(pids).toEqual(new Set(workers.map((worker) => worker.pid)));

    const ticks = runs.rows.filter((row) => row.kind === 'record_tick');
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ticks.map((row) => row.period_start)).size).toBe(ticks.length);
    const { rows: failures } = await client.query(`select id from jobs where dead_at is not null or last_error is not null`);
    expect(failures).toEqual([]);
  });

  it('refuses to open the embedded database the server holds, saying what to do instead', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-worker-lock-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    // This process stands in for the running server: it holds the lock.
    const release = acquireDirectoryLock(path.join(dataDir, 'pglite'));
    cleanups.push(release);
    const worker = spawnTsx('server/worker.ts', { DATA_DIR: dataDir, DATABASE_URL: '' });
    cleanups.push(() => void worker.stop());
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain(
      `npm run worker cannot open the embedded database in ${path.join(dataDir, 'pglite')}: the server (process ${process.pid}) has it open`,
    );
    expect(worker.output()).toContain('use PostgreSQL (DATABASE_URL) and start the servers with WORKER=off');
  });
});

async function createScratchPostgres(adminUrl: string): Promise<string> {
  const name = `rdv_workers_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A worker process exactly as `npm run worker` starts it (`startWorker`), with two kinds of the
 * test's own on top of the app's: `record_run` writes one row per run into `job_test_runs`,
 * and `record_tick`, scheduled every second, does the same. The test counts the rows.
 */
import pg from 'pg';
import { loadConfig } from '../../../server/config';
import { startWorker } from '../../../server/jobs/worker-process';
import type { JobHandler } from '../../../server/jobs/job-runner';

const config = loadConfig();
if (config.database.kind !== 'postgres') throw new Error('the recording worker runs on PostgreSQL (DATABASE_URL)');
const pool = new pg.Pool({ connectionString: config.database.url, max: 2 });

const record: JobHandler = async (payload, job) => {
  await pool.query('insert into job_test_runs (job_id, kind, period_start, pid) values ($1, $2, $3, $4)', [
    job.id,
    job.kind,
    payload.periodStart ?? null,
    process.pid,
  ]);
  // A little work, so that both workers hold jobs at the same time.
  await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 10));
};

const worker = await startWorker(config, {
  jobs: {
    handlers: { record_run: record, record_tick: record },
    schedules: [{ kind: 'record_tick', everyMs: 1000 }],
    concurrency: { record_run: 4 },
    pollMs: 100,
  },
});
process.stdout.write('worker ready\n');
process.once('SIGTERM', () => {
  void worker
    .stop()
    .then(() => pool.end())
    .then(() => process.exit(0));
});

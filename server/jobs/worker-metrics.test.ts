import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { runWithRequestId } from '../observability/work-scope';
import { startWorker } from './worker-process';

/**
 * `npm run worker` as one process: its own `/metrics` port (WORKER_METRICS_PORT) and the JSON
 * log lines of a job carrying the id of the request that enqueued it (ADR 0045).
 */
const TOKEN = 'worker-scrape-token-0123456789';
const PORT = 4811;
const FAILING_JOB = 'metrics_test_failing';
const SUCCEEDING_JOB = 'metrics_test_succeeding';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-worker-metrics-'));
const payloads: Record<string, unknown>[] = [];
const warnings: string[] = [];
const infos: string[] = [];
let worker: Awaited<ReturnType<typeof startWorker>>;

// The worker migrates a fresh on-disk database first: allow for a busy machine.
beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation((line: unknown) => void warnings.push(String(line)));
  vi.spyOn(console, 'info').mockImplementation((line: unknown) => void infos.push(String(line)));
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WORKER_METRICS_PORT: String(PORT),
    METRICS_TOKEN: TOKEN,
  });
  worker = await startWorker(config, {
    jobs: {
      pollMs: 50,
      handlers: {
        [FAILING_JOB]: async (payload) => {
          payloads.push(payload);
          throw new Error('the mail server is down');
        },
        [SUCCEEDING_JOB]: async () => {},
      },
    },
  });
}, 180_000);
afterAll(async () => {
  await worker?.stop();
  vi.restoreAllMocks();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const scrape = (authorization?: string) => fetch(`http://127.0.0.1:${PORT}/metrics`, { headers: authorization ? { authorization } : {} });

async function waitFor(condition: () => boolean, what: string) {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('npm run worker', () => {
  it('logs a job it runs with the id of the request that enqueued it, which the handler does not see', async () => {
    await runWithRequestId('signup-req-77', () => worker.services.jobQueue.enqueue(FAILING_JOB, { memberId: 5 }));
    await waitFor(() => warnings.some((line) => line.includes(FAILING_JOB)), 'the failure to be logged');
    const line = JSON.parse(warnings.find((entry) => entry.includes(FAILING_JOB))!);
    expect(line).toMatchObject({ level: 'warn', kind: FAILING_JOB, requestId: 'signup-req-77', attempts: 1, error: 'the mail server is down' });
    expect(payloads).toEqual([{ memberId: 5 }]);
  });

  it('logs the end of a job a request enqueued, so the request can be followed to it; scheduled work stays quiet', async () => {
    await runWithRequestId('like-req-12', () => worker.services.jobQueue.enqueue(SUCCEEDING_JOB, { memberId: 6 }));
    await worker.services.jobQueue.enqueue(SUCCEEDING_JOB, { memberId: 7 });
    await waitFor(() => infos.some((line) => line.includes('like-req-12')), 'the job to be logged done');
    const line = JSON.parse(infos.find((entry) => entry.includes('like-req-12'))!);
    expect(line).toMatchObject({
      level: 'info',
      msg: expect.stringMatching(new RegExp(`^job ${SUCCEEDING_JOB} #\\d+ done$`)),
      kind: SUCCEEDING_JOB,
      requestId: 'like-req-12',
      attempts: 1,
    });
    expect(line.ms).toBeGreaterThanOrEqual(0);
    // Both have run (the counter says so), and only the request's job left a line.
    const completed = `rendezvous_jobs_completed_total{kind="${SUCCEEDING_JOB}"} 2`;
    let text = '';
    const deadline = Date.now() + 15_000;
    while (!text.includes(completed) && Date.now() < deadline) {
      text = await (await scrape(`Bearer ${TOKEN}`)).text();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(text).toContain(completed);
    expect(infos.filter((entry) => entry.includes(SUCCEEDING_JOB))).toHaveLength(1);
  });

  it('serves its metrics on a port of its own, to the token only', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all')).status).toBe(401);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    expect(text).toContain(`rendezvous_jobs_failed_total{kind="${FAILING_JOB}",outcome="retry"} 1`);
    // Failed once and waiting for its retry: unfinished, not due, not dead.
    expect(text).toContain(`rendezvous_jobs_pending{kind="${FAILING_JOB}"} 1`);
    expect(text).toContain(`rendezvous_jobs_due{kind="${FAILING_JOB}"} 0`);
    expect(text).toContain('rendezvous_db_engine_info{engine="pglite"} 1');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect((await fetch(`http://127.0.0.1:${PORT}/elsewhere`)).status).toBe(404);
  });
});

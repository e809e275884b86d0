import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from './server-process';

/**
 * Browser journeys run against the real thing: `npm start`'s entry point in production mode
 * on a fresh embedded database with a small demo seed, on a free port.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-e2e-'));
  // The first start may build the app and seeds the demo: give it time on a busy machine.
  // Purchases go through the demo checkout, which production runs only when asked to.
  // TRUST_PROXY=1: each browser context of a journey sends its own client address (support/browser.ts).
  // Open tabs' sessions are checked every second, not every 10: a journey that shows a tab
  // outlasting that check then waits about two seconds for it, not twelve. The journeys read
  // the server's metrics (with this run's token) to know when such a check has gone by.
  const metricsToken = randomBytes(24).toString('base64url');
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_MEMBERS: '60',
      PAYMENTS: 'demo',
      TRUST_PROXY: '1',
      REALTIME_SESSION_CHECK_SECONDS: '1',
      METRICS_TOKEN: metricsToken,
    },
    { timeoutMs: 150_000 },
  );
  // The demo site's domain is localhost; the server listens on 127.0.0.1.
  project.provide('baseUrl', server.url.replace('127.0.0.1', 'localhost'));
  if (!server.outboxPath) throw new Error('the server printed no outbox address');
  project.provide('outboxPath', server.outboxPath);
  project.provide('metricsToken', metricsToken);
  // What one journey file leaves for the next of this run (support/console.ts), gone with the run.
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-e2e-state-'));
  project.provide('stateDir', stateDir);
  return async () => {
    await server.stop('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(stateDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** `/dev/outbox?key=…`: production shows the outbox only with its key. */
    outboxPath: string;
    /** The journeys' server's `/metrics` answers with this bearer token. */
    metricsToken: string;
    /** A directory of this run only, for the journey files to hand each other state (one file after another, in fresh workers). */
    stateDir: string;
  }
}

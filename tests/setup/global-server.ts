import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { withDatabase } from './global-database';
import { startServerProcess } from './server-process';

/**
 * Browser journeys run against the real thing: `npm start`'s entry point in production mode
 * with a small demo seed, on a free port. With TEST_DATABASE_URL the server runs on a fresh
 * PostgreSQL database of its own, as in production, and answers each page about twice as fast as
 * on the embedded default (ADR 0068); without it, on a fresh embedded database.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-e2e-'));
  const database = await journeyDatabase();
  // The first start may build the app and seeds the demo: give it time on a busy machine.
  // Purchases go through the demo checkout, which production runs only when asked to.
  // TRUST_PROXY=1: each browser context of a journey sends its own client address (support/browser.ts).
  // Open tabs' sessions are checked every second, not every 10: a journey that shows a tab
  // outlasting that check then waits about two seconds for it, not twelve.
  const server = await startServerProcess(
    { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', DEMO_MEMBERS: '60', PAYMENTS: 'demo', TRUST_PROXY: '1', REALTIME_SESSION_CHECK_SECONDS: '1' },
    { timeoutMs: 150_000 },
  );
  // The demo site's domain is localhost; the server listens on 127.0.0.1.
  project.provide('baseUrl', server.url.replace('127.0.0.1', 'localhost'));
  if (!server.outboxPath) throw new Error('the server printed no outbox address');
  project.provide('outboxPath', server.outboxPath);
  // What one journey file leaves for the next of this run (support/console.ts), gone with the run.
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-e2e-state-'));
  project.provide('stateDir', stateDir);
  return async () => {
    await server.stop('SIGTERM');
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(stateDir, { recursive: true, force: true });
  };
}

/** A fresh PostgreSQL database for this run's server when the run has PostgreSQL, else null. */
async function journeyDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  // Two journey runs side by side (E2E_PART) each get their own.
  const name = `rdv_e2e_${process.env.E2E_PART ?? 'all'}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  return { url: withDatabase(adminUrl, name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** `/dev/outbox?key=…`: production shows the outbox only with its key. */
    outboxPath: string;
    /** A directory of this run only, for the journey files to hand each other state (one file after another, in fresh workers). */
    stateDir: string;
  }
}

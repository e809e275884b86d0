import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { loadConfig } from '../../server/config';
import type { Database, DatabaseHandle } from '../../server/db/client';
import { createManualClock } from '../../server/domain/shared/clock';
import { buildHttpApp, type HttpOptions } from '../../server/http/app';
import { createServices, type ServiceOverrides } from '../../server/services';
import { createRecordingMailer } from './recording-mailer';
import { createTestDatabase } from './test-database';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * Real services on a fresh database with a manual clock, and the HTTP app around them: what
 * domain and `app.inject` tests start from. Pages are rendered only with `pages: true`, from
 * the production build in build/ (`npm test` builds it first).
 */
export async function createTestContext(
  options: {
    services?: ServiceOverrides;
    env?: Record<string, string>;
    pages?: boolean;
    logger?: HttpOptions['logger'];
    onRoute?: HttpOptions['onRoute'];
    /** Serves the reads a read replica would (DATABASE_READ_URL, ADR 0080): a replica of the test's database, or another database standing in for one. */
    readDb?: (primary: DatabaseHandle) => Promise<Database>;
  } = {},
) {
  const primary = await createTestDatabase();
  const database: DatabaseHandle = options.readDb ? { ...primary, readDb: await options.readDb(primary) } : primary;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...options.env });
  const clock = createManualClock();
  const mailer = createRecordingMailer();
  const services = await createServices(config, database, { clock, mailer, ...options.services });
  const app = await buildHttpApp(services, {
    logger: options.logger,
    onRoute: options.onRoute,
    ...(options.pages && { ssr: await loadProductionSsr(), clientAssetsDir: path.resolve('build/client') }),
  });
  await app.ready();
  return {
    services,
    db: database.db,
    clock,
    app,
    config,
    mailer,
    async close() {
      await app.close();
      await services.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The production build of the pages (build/server), as `npm start` serves it. */
export async function loadProductionBuild(): Promise<ServerBuild> {
  const entry = path.resolve('build/server/index.js');
  if (!fs.existsSync(entry)) throw new Error(`No build at ${entry}: run "npx react-router build" first.`);
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

async function loadProductionSsr() {
  const build = await loadProductionBuild();
  return { mode: 'production' as const, getBuild: async () => build };
}

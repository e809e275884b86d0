import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/client';
import { createManualClock } from '../../server/domain/shared/clock';
import { buildHttpApp } from '../../server/http/app';
import { createServices, type ServiceOverrides } from '../../server/services';
import { createRecordingMailer } from './recording-mailer';
import { createTestDatabase } from './test-database';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * Real services on a fresh database with a manual clock, and the HTTP app around them (no
 * page rendering): what domain and `app.inject` tests start from.
 */
export async function createTestContext(options: { services?: ServiceOverrides; env?: Record<string, string> } = {}) {
  const database: DatabaseHandle = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...options.env });
  const clock = createManualClock();
  const mailer = createRecordingMailer();
  const services = await createServices(config, database, { clock, mailer, ...options.services });
  const app = await buildHttpApp(services);
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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { buildHttpApp } from '../../server/http/app';
import { createServices } from '../../server/services';
import type { OpenApiDocument } from '../../tests/fuzz/fuzz-requests';

/**
 * The API document (OpenAPI, built from the zod schemas) of this checkout, made in-process on
 * a throw-away embedded database: a production server need not (and will not) serve it.
 */
export async function buildApiDocument(): Promise<OpenApiDocument> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-bench-doc-'));
  const database = await openDatabase({ kind: 'pglite', dir: null });
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const services = await createServices(config, database);
    const app = await buildHttpApp(services);
    await app.ready();
    const document = app.swagger() as unknown as OpenApiDocument;
    await app.close();
    await services.close();
    return JSON.parse(JSON.stringify(document)) as OpenApiDocument;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';

/**
 * Migrates one template database per run, so each test file gets a fresh copy in well under
 * a second instead of migrating its own: a PGlite data-directory dump, or a PostgreSQL
 * template database next to the one TEST_DATABASE_URL names.
 */
export default async function setup(project: TestProject) {
  const engine = process.env.TEST_DB_ENGINE ?? project.config.env?.TEST_DB_ENGINE ?? 'pglite';
  if (engine === 'postgres') return setupPostgresTemplate(project);
  return setupPgliteTemplate(project);
}

async function setupPgliteTemplate(project: TestProject) {
  const handle = await openDatabase({ kind: 'pglite', dir: null });
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-pglite-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

async function setupPostgresTemplate(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  const template = `rdv_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, template), poolSize: 2 });
  await handle.close();
  project.provide('postgresTemplate', template);
  return async () => {
    // Per-file databases are dropped by their files; sweep any a crashed worker left behind.
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'rdv_test_${process.pid}_%' OR datname = $1`, [
      template,
    ]);
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

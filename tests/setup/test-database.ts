import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { withDatabase } from './global-database';

/**
 * A fresh, migrated database for one test file: a clone of the run's template, on PGlite by
 * default and on PostgreSQL in the `postgres` project. Close it in afterAll.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_ENGINE === 'postgres') return createPostgresClone();
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  return openDatabase({ kind: 'pglite', dir: null, loadDataDir: new Blob([dump]) }, { migrate: false });
}

async function createPostgresClone(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `rdv_test_${process.ppid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, name), poolSize: 10 }, { migrate: false });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

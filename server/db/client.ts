import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { acquireDirectoryLock } from './pglite-lock';

export type Schema = typeof schema;
/** Both engines expose the same query builder; repositories only ever see this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, accepted anywhere a Database is. */
export type Executor = Database;

export type DatabaseTarget =
  { kind: 'pglite'; dir: string | null; loadDataDir?: Blob | File } | { kind: 'postgres'; url: string; poolSize?: number; readUrl?: string };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget['kind'];
  /** The raw PGlite instance when embedded (tests dump and clone it). */
  pglite?: PGlite;
  pool?: pg.Pool;
  /**
   * A read-only replica of the database (DATABASE_READ_URL, ADR 0080), for reads that may lag
   * the primary by a moment; absent, those reads go to `db`.
   */
  readDb?: Database;
  readPool?: pg.Pool;
  /**
   * A separate small pool on the same database, for work that must never queue behind request
   * traffic in the main pool (the chat's group commit). PGlite has one connection: the same db.
   *
   * Its connections are for a few statements run hundreds of times a second, prepared
   * (`executePrepared`), that find every row by key. They keep one generic plan per statement
   * (`plan_cache_mode`), so the server does not plan them again on every call, and that plan
   * uses the indexes however small a table was when it was made (`enable_seqscan`): a plan made
   * while `messages` was still empty would otherwise scan it for good.
   */
  openLane(size: number): { db: Database; pool?: pg.Pool; close(): Promise<void> };
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget, options: { migrate?: boolean } = {}): Promise<DatabaseHandle> {
  const handle = target.kind === 'pglite' ? await openPglite(target) : await openPostgres(target);
  if (options.migrate !== false) await migrateDatabase(handle);
  return handle;
}

/**
 * The embedded engine's modules load only when it is used: a server on PostgreSQL would
 * otherwise keep PGlite's code and source maps in its heap for nothing (ADR 0017).
 */
async function openPglite(target: Extract<DatabaseTarget, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { keepStatementsPrepared }, { cube }, { btree_gist }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('./pglite-statements'),
    // Distances between members (ADR 0067, migrations 0039 and 0043); PostgreSQL ships them in contrib.
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/btree_gist'),
  ]);
  const releaseLock = target.dir ? acquireDirectoryLock(target.dir) : () => {};
  try {
    const options = { extensions: { cube, btree_gist }, ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}) };
    // PGlite(undefined, options) ignores the options, so an in-memory clone passes them alone.
    const client = target.dir ? new PGlite(target.dir, options) : new PGlite(options);
    await client.waitReady;
    // Statements a render repeats run prepared, in one call into the engine (ADR 0087).
    const db = drizzlePglite({ client: keepStatementsPrepared(client) as unknown as typeof client, schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      pglite: client,
      openLane: () => ({ db, close: async () => {} }),
      async close() {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * A pool whose lost connections never take the process down (a restart, a failover, a dropped
 * test database). An idle connection's error reaches the pool's listener. A connection that is
 * checked out, say in a transaction between two statements, has no listener of the pool's, and
 * `pg` would throw its error as an unhandled event: each connection gets its own listener. Its
 * next query fails, and the pool drops the connection when it comes back.
 */
function createPool(url: string, size: number, serverOptions?: string, connectionTimeoutMillis?: number): pg.Pool {
  const warn = (error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`);
  const pool = new pg.Pool({ connectionString: url, max: size, options: serverOptions, connectionTimeoutMillis });
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
  return pool;
}

async function openPostgres(target: Extract<DatabaseTarget, { kind: 'postgres' }>): Promise<DatabaseHandle> {
  const pool = createPool(target.url, target.poolSize ?? 20);
  // Fail at boot, not at the first request, when the server cannot be reached.
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const openLane = (size: number) => {
    const lane = createPool(target.url, size, '-c plan_cache_mode=force_generic_plan -c enable_seqscan=off');
    return { db: drizzlePg(lane, { schema }) as unknown as Database, pool: lane, close: () => lane.end() };
  };
  if (!target.readUrl) return { db, kind: 'postgres', pool, openLane, close: () => pool.end() };
  // Read-only at the session level too: a write sent here by mistake fails on the primary as well
  // (a replica refuses it anyway), so the switch can be tried against the primary's own address.
  // Not tried at boot: while the replica is away its readers fall back to the primary
  // (readFromReplica), and an instance restarted meanwhile must still start.
  // A replica that stopped answering costs a request two seconds at most before the primary answers.
  const readPool = createPool(target.readUrl, target.poolSize ?? 20, '-c default_transaction_read_only=on', 2_000);
  const readDb = drizzlePg(readPool, { schema }) as unknown as Database;
  return { db, kind: 'postgres', pool, readDb, readPool, openLane, close: async () => void (await Promise.all([pool.end(), readPool.end()])) };
}

/** Several app instances may start at once: an advisory lock lets one of them migrate. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  const connection = await handle.pool!.connect();
  try {
    await connection.query('select pg_advisory_lock(727001)');
    await migratePg(drizzlePg(connection, { schema }), { migrationsFolder });
  } finally {
    await connection.query('select pg_advisory_unlock(727001)').catch(() => {});
    connection.release();
  }
}

/** Readiness probe: the database answers a trivial query. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

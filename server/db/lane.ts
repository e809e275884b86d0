import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Executor, Schema } from './client';
import { createPool } from './pool';
import { executePrepared, preparedQueryOf, type PreparedQuery } from './prepared';

/**
 * A transaction on a lane. Its first statement carries the BEGIN with it and its last one the
 * COMMIT, so a transaction of two statements costs two round trips to the database, not four.
 */
export interface LaneTransaction {
  /** Drizzle on the transaction's connection, for the statements in between. */
  readonly db: Executor;
  /** Runs a prepared statement (`preparedQueryOf`) in the transaction. */
  run<T>(query: SQL): Promise<T[]>;
  /** Runs the transaction's last statement, prepared, and commits with it. */
  runAndCommit<T>(query: SQL): Promise<T[]>;
}

/**
 * A few connections set aside for one kind of work that must never queue behind request
 * traffic in the main pool (the chat's group commit).
 */
export interface Lane {
  db: Database;
  /**
   * Runs `work` in one transaction: committed when it returns (at its `runAndCommit` if it
   * called it), rolled back when it throws.
   */
  transaction<T>(work: (tx: LaneTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What a transaction may still do: a statement after the commit is a programming error. */
function guardAfterCommit(tx: LaneTransaction): LaneTransaction & { readonly committed: boolean } {
  let committed = false;
  const open = () => {
    if (committed) throw new Error('this transaction has already committed');
  };
  return {
    get db() {
      open();
      return tx.db;
    },
    get committed() {
      return committed;
    },
    run: (query) => (open(), tx.run(query)),
    runAndCommit: (query) => {
      open();
      committed = true;
      return tx.runAndCommit(query);
    },
  };
}

/** PGlite has one connection and no network: a lane is the database itself, in Drizzle's transactions. */
export function pgliteLane(db: Database): Lane {
  return {
    db,
    transaction: (work) =>
      db.transaction((tx) => work(guardAfterCommit({ db: tx, run: (query) => executePrepared(tx, query), runAndCommit: (query) => executePrepared(tx, query) }))),
    close: async () => {},
  };
}

/**
 * A lane on PostgreSQL: its connections keep one generic plan per statement (`plan_cache_mode`),
 * so the server does not plan the prepared statements again on every call, and that plan uses
 * the indexes however small a table was when it was made (`enable_seqscan`): a plan made while
 * `messages` was still empty would otherwise scan it for good.
 *
 * Its connections pipeline (`pg`'s `pipeline`): a statement goes out without waiting for the
 * answer to the one before, which is what lets the BEGIN and the COMMIT travel with the
 * transaction's statements, in the same write. Each statement still ends in its own sync
 * point, so each gets its own answer or error, as without pipelining.
 */
export function openPgLane(url: string, size: number, schema: Schema): Lane {
  const pool = createPool(url, size, { serverOptions: '-c plan_cache_mode=force_generic_plan -c enable_seqscan=off', pipeline: true });
  // One Drizzle per connection, made the first time the connection serves a transaction.
  const drizzleOf = new WeakMap<pg.PoolClient, Executor>();

  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    async transaction(work) {
      const client = await pool.connect();
      let db = drizzleOf.get(client);
      if (!db) drizzleOf.set(client, (db = drizzlePg(client, { schema }) as unknown as Executor));

      // The BEGIN waits for the transaction's first statement and goes out just ahead of it.
      let began: Promise<pg.QueryResult> | null = null;
      const begin = () => (began ??= client.query('begin'));
      /**
       * Sends the queries in one write, behind the BEGIN if it has not gone yet. Their answers
       * count only once the BEGIN has succeeded too, so none is ever taken as done outside the
       * transaction.
       */
      const send = async (...queries: (string | PreparedQuery)[]) => {
        const sent = inOneWrite(client, () => {
          begin();
          return queries.map((query) => client.query(query));
        });
        const [, ...answers] = await Promise.all([began, ...sent]);
        return answers as pg.QueryResult[];
      };

      const tx = guardAfterCommit({
        get db() {
          begin();
          return db;
        },
        run: async <T>(query: SQL) => (await send(preparedQueryOf(query)))[0].rows as T[],
        runAndCommit: async <T>(query: SQL) => {
          // In this order on the wire: if the statement fails, the server answers the COMMIT
          // that follows it with a ROLLBACK, and nothing of the transaction is kept.
          const [result, end] = await send(preparedQueryOf(query), 'commit');
          if (end.command !== 'COMMIT') throw new Error(`the transaction ended in ${end.command}, not COMMIT`);
          return result.rows as T[];
        },
      });

      try {
        const result = await work(tx);
        if (!tx.committed && began) await send('commit');
        client.release();
        return result;
      } catch (error) {
        await rollBack(client, began);
        throw error;
      }
    },
    close: () => pool.end(),
  };
}

/** Runs `send`, and writes whatever it queued on the connection in one go, so the server reads it together. */
function inOneWrite<T>(client: pg.PoolClient, send: () => T): T {
  const { stream } = client.connection;
  stream.cork();
  try {
    return send();
  } finally {
    stream.uncork();
  }
}

/**
 * Ends a failed transaction and gives its connection back; one that cannot even roll back
 * is dropped. A ROLLBACK with no transaction open (the COMMIT already answered) only warns.
 */
async function rollBack(client: pg.PoolClient, began: Promise<unknown> | null): Promise<void> {
  if (!began) {
    client.release();
    return;
  }
  await began.catch(() => {});
  try {
    await client.query('rollback');
    client.release();
  } catch (error) {
    client.release(error as Error);
  }
}

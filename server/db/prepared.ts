import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** What a Drizzle database exposes beneath `execute`: its session. */
interface DrizzleInternals {
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> } };
}

/** A statement as `pg` takes it: named, so each connection parses and plans it once. */
export interface PreparedQuery {
  name: string;
  text: string;
  values: unknown[];
}

const dialect = new PgDialect();
const names = new Map<string, string>();

/** A statement's name, derived from its text: one text, one name, on every connection. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `rdv_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * A query built for a named prepared statement. Only for statements whose text never varies
 * with the data: every distinct text stays prepared on each connection for as long as the
 * connection lives.
 */
export function preparedQueryOf(query: SQL): PreparedQuery {
  const built = dialect.sqlToQuery(query);
  return { name: nameOf(built.sql), text: built.sql, values: built.params };
}

/**
 * `db.execute(query)` as a named prepared statement on PostgreSQL: each connection parses the
 * text once and keeps what the server planned, instead of parsing and planning it on every
 * call. PGlite runs it as a plain statement.
 *
 * Use it on connections made for it (`DatabaseHandle.openLane`, which keeps generic plans of
 * index lookups), with the same texts as `preparedQueryOf`.
 */
export async function executePrepared<T>(db: Executor, query: SQL): Promise<T[]> {
  const { name, text, values } = preparedQueryOf(query);
  const { session } = db as unknown as DrizzleInternals;
  const result = await session.prepareQuery({ sql: text, params: values }, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

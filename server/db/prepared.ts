import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/** What a Drizzle database exposes beneath `execute`: its SQL dialect and its session. */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> } };
}

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
 * `db.execute(query)` as a named prepared statement on PostgreSQL: each connection parses the
 * text once and keeps what the server planned, instead of parsing and planning it on every
 * call. PGlite's client keeps every text it sees twice prepared anyway (ADR 0087).
 *
 * Use it on connections made for it (`DatabaseHandle.openLane`, which keeps generic plans of
 * index lookups), or on the main pool for a read every page makes (ADR 0079), and only for
 * statements whose text never varies with the data: every distinct text stays prepared on
 * each connection for as long as the connection lives.
 */
export async function executePrepared<T>(db: Executor, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const result = await session.prepareQuery(built, undefined, nameOf(built.sql), false).execute();
  return (result as { rows: T[] }).rows;
}

/**
 * A Drizzle query built once, on first use, and prepared under a fixed name (`.prepare(name)`
 * with `sql.placeholder` for its values): later calls skip the query builder and, on
 * PostgreSQL, the parse. For the reads every page render makes (the session, the member's
 * account, a shown profile, ADR 0079); the name must belong to this one text.
 */
export function preparedOnce<T>(build: () => T): () => T {
  let prepared: T | undefined;
  return () => (prepared ??= build());
}

import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;

/** The part of PGlite (or of one of its transactions) that Drizzle's driver calls. */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** PGlite's own mutexes, which its `query` and `transaction` take (public, if underscored). */
interface PgliteMutexes {
  _runExclusiveQuery<T>(run: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T>;
}

interface KeptStatement {
  name: string;
  /** The type of each parameter, as the server inferred them: values are written to match. */
  parameterTypes: number[];
}

/**
 * PGlite's `query` makes six calls into its WebAssembly engine for every statement (parse,
 * describe, bind, describe, execute, sync) and parses and plans the text each time. A render
 * makes five to ten statements, and on the embedded database that cost more than the page's
 * own work: the session's read alone took 1.4 ms (ADR 0087).
 *
 * So a text seen a second time is prepared under a name of its own, once, and from then on
 * runs as one call: bind, describe, execute and sync together. Texts seen once (migrations, a
 * one-off report) stay plain, and the kept ones are bounded, the oldest closed first. Results
 * are parsed by PGlite's own parser with the caller's options, so Drizzle sees what PGlite's
 * `query` would have returned, errors included.
 */
export function keepStatementsPrepared(pglite: PGlite, { maxStatements = 500 } = {}): PgliteClient {
  const engine = pglite as PGlite & PgliteMutexes;
  const kept = new Map<string, KeptStatement>();
  const seenOnce = new Set<string>();
  const toClose: string[] = [];
  let counter = 0;

  /** Whether `text` runs as a kept statement: from its second sight on, never with a file. */
  function worthKeeping(text: string, options: QueryOptions | undefined): boolean {
    if (options?.blob || pglite.closed) return false;
    if (kept.has(text)) return true;
    if (seenOnce.delete(text)) return true;
    if (seenOnce.size >= maxStatements) seenOnce.delete(seenOnce.values().next().value as string);
    seenOnce.add(text);
    return false;
  }

  /** Runs `text` as a kept statement; undefined when it turned out stale and should run plain. */
  async function runKept<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T> | undefined> {
    try {
      const statement = kept.get(text) ?? (await prepare(text, options, inTransaction));
      // Most recently used last: the bound closes the first.
      kept.delete(text);
      kept.set(text, statement);
      const values = params.map((value, index) => serializeValue(engine, value, statement.parameterTypes[index], options));
      try {
        const { messages } = await engine.execProtocol(
          Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
          { syncToFs: !inTransaction, onNotice: options?.onNotice },
        );
        return parse.parseResults(messages, engine.parsers, options)[0] as Results<T>;
      } catch (error) {
        if (!isStale(error)) throw error;
        kept.delete(text);
        toClose.push(statement.name);
        // Inside a transaction the error has aborted it: the caller must see it.
        if (inTransaction) throw error;
        return undefined;
      }
    } catch (error) {
      throw withQuery(error, text, params, options);
    }
  }

  async function prepare(text: string, options: QueryOptions | undefined, inTransaction: boolean): Promise<KeptStatement> {
    if (kept.size >= maxStatements) {
      const [oldestText, oldest] = kept.entries().next().value as [string, KeptStatement];
      kept.delete(oldestText);
      toClose.push(oldest.name);
    }
    // The statements let go of are closed in the same call (closing a missing one is no error).
    const closing = toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    const name = `rdv_kept_${++counter}`;
    const { messages } = await engine.execProtocol(
      Buffer.concat([...closing, serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: !inTransaction },
    );
    return { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
  }

  function inTransaction(tx: Transaction): Transaction {
    return {
      async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
        if (tx.closed || !worthKeeping(text, options)) return tx.query<T>(text, params, options);
        // The transaction holds PGlite's transaction mutex already; its statements take the query one.
        return (await engine._runExclusiveQuery(() => runKept<T>(text, params, options, true))) ?? tx.query<T>(text, params, options);
      },
      sql: (strings, ...params) => tx.sql(strings, ...params),
      exec: (text, options) => tx.exec(text, options),
      rollback: () => tx.rollback(),
      listen: (channel, listener) => tx.listen(channel, listener),
      get closed() {
        return tx.closed;
      },
    };
  }

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (!worthKeeping(text, options)) return pglite.query<T>(text, params, options);
      // The mutexes PGlite's own `query` takes: never beside another statement or inside someone's transaction.
      const result = await engine._runExclusiveTransaction(() => engine._runExclusiveQuery(() => runKept<T>(text, params, options, false)));
      return result ?? pglite.query<T>(text, params, options);
    },
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => pglite.transaction((tx) => callback(inTransaction(tx))),
  };
}

/** A parameter as PGlite's `query` writes it: the caller's serializer, PGlite's, or its text. */
function serializeValue(engine: PGlite, value: unknown, type: number | undefined, options: QueryOptions | undefined): string | null {
  if (value === null || value === undefined) return null;
  const serializer = type === undefined ? undefined : (options?.serializers?.[type] ?? engine.serializers[type]);
  return serializer ? serializer(value) : String(value);
}

/** The kept statement is gone (26000: a `DISCARD ALL`) or stale (0A000: its table's columns changed). */
function isStale(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && /cached plan/.test(message ?? ''));
}

/** What PGlite's own `query` attaches to its errors. */
function withQuery(error: unknown, query: string, params: unknown[], queryOptions: QueryOptions | undefined) {
  if (error && typeof error === 'object' && 'code' in error && !('query' in error)) Object.assign(error, { query, params, queryOptions });
  return error;
}

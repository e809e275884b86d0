import pg from 'pg';

/**
 * A pool whose lost connections never take the process down (a restart, a failover, a dropped
 * test database). An idle connection's error reaches the pool's listener. A connection that is
 * checked out, say in a transaction between two statements, has no listener of the pool's, and
 * `pg` would throw its error as an unhandled event: each connection gets its own listener. Its
 * next query fails, and the pool drops the connection when it comes back.
 */
export function createPool(url: string, size: number, extra: { serverOptions?: string; pipeline?: boolean } = {}): pg.Pool {
  const warn = (error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`);
  const pool = new pg.Pool({ connectionString: url, max: size, options: extra.serverOptions, pipeline: extra.pipeline });
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
  return pool;
}

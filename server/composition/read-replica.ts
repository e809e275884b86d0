/**
 * Reads that may be served by a read replica (DATABASE_READ_URL, ADR 0080), falling back to the
 * primary while the replica is away: a member's search must not fail because a copy of the
 * data is restarting. After a failure the primary answers alone for `pauseMs`, so a replica
 * that is down does not cost every request a refused connection first.
 */
export function readFromReplica<T extends object, K extends keyof T & string>(
  replica: T,
  primary: T,
  methods: readonly K[],
  options: { pauseMs?: number; now?: () => number; onFallback?: (error: unknown) => void } = {},
): Pick<T, K> {
  const pauseMs = options.pauseMs ?? 5_000;
  const now = options.now ?? Date.now;
  let replicaPausedUntil = 0;
  const routed = {} as Pick<T, K>;
  for (const method of methods) {
    const onReplica = replica[method] as (...args: unknown[]) => Promise<unknown>;
    const onPrimary = primary[method] as (...args: unknown[]) => Promise<unknown>;
    const call = async (...args: unknown[]) => {
      if (now() < replicaPausedUntil) return onPrimary(...args);
      try {
        return await onReplica(...args);
      } catch (error) {
        if (!isReplicaUnavailable(error)) throw error;
        replicaPausedUntil = now() + pauseMs;
        options.onFallback?.(error);
        return onPrimary(...args);
      }
    };
    Object.assign(routed, { [method]: call });
  }
  return routed;
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);

/**
 * The replica could not answer, as opposed to a query that is wrong: a refused or lost
 * connection, SQLSTATE class 08 (connection), 57P01–57P03 (shutting down, cannot connect now),
 * and 40001, which a read-only query on a standby gets when replay cancels it (a recovery
 * conflict). Drizzle wraps the driver's error as its `cause`.
 */
export function isReplicaUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERRORS.has(code) || code.startsWith('08') || code.startsWith('57P') || code === '40001')) return true;
    const message = (current as { message?: unknown }).message;
    // pg's own wording when the server went away mid-query or the pool gave up waiting for a connection.
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}

/** The driver's own words under Drizzle's "Failed query: …" wrapper, for a one-line log. */
export function rootMessageOf(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 4 && (current as { cause?: unknown })?.cause; depth++) current = (current as { cause: unknown }).cause;
  return String((current as { message?: unknown })?.message ?? current);
}

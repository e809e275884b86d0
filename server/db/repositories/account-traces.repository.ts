import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { accountTraces, type AccountTraceKind } from '../schema/index';

/** Where members signed up and logged in from, as keyed hashes (issue 32). */
export function createAccountTracesRepository(db: Executor) {
  return {
    /** Notes each value as seen now: a new row the first time, a later `last_seen_at` after. */
    async record(userId: number, traces: { kind: AccountTraceKind; valueHash: string }[], at: Date): Promise<void> {
      if (!traces.length) return;
      await db
        .insert(accountTraces)
        .values(traces.map((trace) => ({ userId, ...trace, firstSeenAt: at, lastSeenAt: at })))
        .onConflictDoUpdate({ target: [accountTraces.userId, accountTraces.kind, accountTraces.valueHash], set: { lastSeenAt: sql`excluded.last_seen_at` } });
    },
  };
}

export type AccountTracesRepository = ReturnType<typeof createAccountTracesRepository>;

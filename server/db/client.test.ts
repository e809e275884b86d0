import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../tests/setup/test-database';
import { testEnv } from '../../tests/setup/test-env';
import type { DatabaseHandle } from './client';

// Only PostgreSQL has connections that the server can end under the app's feet.
describe.runIf(testEnv.engine === 'postgres')('the PostgreSQL pool', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('survives a connection ended by the server in the middle of a transaction, and goes on serving', async () => {
    const pid = async () => (await database.pool!.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const outcome = database.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
      const own = result.rows[0].pid;
      // Ended while the transaction's connection is checked out and idle between statements:
      // `pg` used to raise this as an unhandled 'error' event, which ends the process.
      await database.pool!.query('select pg_terminate_backend($1)', [own]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(outcome).rejects.toThrow();
    expect(await pid()).toBeGreaterThan(0);
  });

  it('gives the group commit connections that keep one generic plan per statement, using the indexes', async () => {
    const lane = database.openLane(1);
    try {
      const result = (await lane.db.execute(
        sql`select current_setting('plan_cache_mode') as plans, current_setting('enable_seqscan') as seqscan`,
      )) as unknown as { rows: { plans: string; seqscan: string }[] };
      expect(result.rows[0]).toEqual({ plans: 'force_generic_plan', seqscan: 'off' });
      // The main pool keeps the defaults.
      expect((await database.pool!.query('select current_setting($1) as value', ['enable_seqscan'])).rows[0].value).toBe('on');
    } finally {
      await lane.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../tests/setup/test-database';
import { testEnv } from '../../tests/setup/test-env';
import type { DatabaseHandle } from './client';
import type { Lane } from './lane';

describe('a lane transaction', () => {
  let database: DatabaseHandle;
  let lane: Lane;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table lane_probe (id int primary key, note text not null)`);
    lane = database.openLane(1);
  });
  afterAll(async () => {
    await lane.close();
    await database.close();
  });

  const notes = async () =>
    ((await database.db.execute(sql`select id, note from lane_probe order by id`)) as unknown as { rows: { id: number; note: string }[] }).rows;
  const insert = (id: number, note: string) => sql`insert into lane_probe (id, note) values (${id}, ${note}) returning id`;

  it('runs its statements in one transaction and commits with the last one', async () => {
    const answer = await lane.transaction(async (tx) => {
      const [first] = await tx.run<{ xact: string }>(sql`select pg_current_xact_id()::text as xact`);
      await tx.db.execute(insert(1, 'in between'));
      const [last] = await tx.runAndCommit<{ xact: string }>(sql`with row as (${insert(2, 'last')}) select pg_current_xact_id()::text as xact`);
      return { first: first.xact, last: last.xact };
    });
    // One transaction id from the first statement to the last: the BEGIN came before them all.
    expect(answer.last).toBe(answer.first);
    expect(await notes()).toEqual([
      { id: 1, note: 'in between' },
      { id: 2, note: 'last' },
    ]);
  });

  it('opens the transaction as well when its first statement goes through Drizzle', async () => {
    const xacts = await lane.transaction(async (tx) => {
      const first = (await tx.db.execute(sql`select pg_current_xact_id()::text as xact`)) as unknown as { rows: { xact: string }[] };
      const [last] = await tx.runAndCommit<{ xact: string }>(sql`select pg_current_xact_id()::text as xact`);
      return [first.rows[0].xact, last.xact];
    });
    expect(xacts[1]).toBe(xacts[0]);
  });

  it('keeps nothing when the statement it commits with fails, and the lane goes on serving', async () => {
    const failing = lane.transaction(async (tx) => {
      await tx.run(insert(10, 'written first'));
      // The primary key collides: the COMMIT sent behind it must not keep row 10.
      return tx.runAndCommit(insert(1, 'a duplicate'));
    });
    // Drizzle (PGlite) wraps the database's error in its own; `pg` gives it as it is.
    const error = (await failing.catch((caught: Error) => caught)) as Error & { cause?: Error };
    expect(`${error.message} ${error.cause?.message}`).toMatch(/duplicate key/);
    expect((await notes()).map((row) => row.id)).toEqual([1, 2]);

    await lane.transaction((tx) => tx.runAndCommit(insert(11, 'after the failure')));
    expect((await notes()).map((row) => row.id)).toEqual([1, 2, 11]);
  });

  it('rolls back when its work throws, and commits at the end when nothing committed it', async () => {
    const refused = lane.transaction(async (tx) => {
      await tx.run(insert(20, 'never kept'));
      throw new Error('refused by the caller');
    });
    await expect(refused).rejects.toThrow('refused by the caller');

    await lane.transaction(async (tx) => {
      await tx.run(insert(21, 'kept'));
    });
    expect((await notes()).map((row) => row.id)).toEqual([1, 2, 11, 21]);
  });

  it('refuses a statement after the commit', async () => {
    const late = lane.transaction(async (tx) => {
      await tx.runAndCommit(sql`select 1`);
      await tx.run(sql`select 2`);
    });
    await expect(late).rejects.toThrow('this transaction has already committed');
  });

  it.runIf(testEnv.engine === 'postgres')('survives its connection ended by the server between statements', async () => {
    const outcome = lane.transaction(async (tx) => {
      const [own] = await tx.run<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      await database.pool!.query('select pg_terminate_backend($1)', [own.pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return tx.runAndCommit(insert(30, 'on a dead connection'));
    });
    await expect(outcome).rejects.toThrow();
    await lane.transaction((tx) => tx.runAndCommit(insert(31, 'on a new connection')));
    expect((await notes()).map((row) => row.id)).toEqual([1, 2, 11, 21, 31]);
  });
});

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepStatementsPrepared, type PgliteClient } from './pglite-statements';

let pglite: PGlite;
let client: PgliteClient;

const keptNames = async () =>
  (await pglite.query<{ name: string }>(`select name from pg_prepared_statements where name like 'rdv_kept_%' order by name`)).rows.map((row) => row.name);

beforeAll(async () => {
  pglite = new PGlite();
  await pglite.exec(`
    create table notes (id serial primary key, body text not null unique, tags int[] not null default '{}', extra jsonb, pinned boolean not null default false, written_at timestamptz not null default now());
  `);
});
afterAll(() => pglite.close());

beforeEach(async () => {
  await pglite.exec(`deallocate all; truncate notes restart identity`);
  client = keepStatementsPrepared(pglite, { maxStatements: 3 });
});

describe('statements PGlite keeps prepared', () => {
  it('runs a text seen once as a plain statement and prepares it on its second sight', async () => {
    const count = 'select count(*)::int as n from notes where pinned = $1';
    await client.query(count, [false]);
    expect(await keptNames()).toEqual([]);
    await client.query(count, [false]);
    await client.query(count, [true]);
    expect(await keptNames()).toHaveLength(1);
  });

  it('answers exactly as PGlite does: rows, fields, counts, both row modes and every parameter type', async () => {
    const insert = 'insert into notes (body, tags, extra, pinned, written_at) values ($1, $2, $3, $4, $5) returning *';
    const values = (body: string) => [body, [3, 1, 2], { likes: ['tea', 'walks'], age: 31 }, true, new Date('2026-11-30T10:00:00Z')];
    const plain = await pglite.query(insert, values('first'));
    await client.query(insert, values('second'));
    const kept = await client.query(insert, values('third'));
    expect(await keptNames()).toHaveLength(1);
    expect({ ...kept, rows: kept.rows.map((row) => ({ ...(row as object), id: 0, body: '' })) }).toEqual({
      ...plain,
      rows: plain.rows.map((row) => ({ ...(row as object), id: 0, body: '' })),
    });
    expect(kept.rows[0]).toMatchObject({ body: 'third', tags: [3, 1, 2], extra: { likes: ['tea', 'walks'], age: 31 }, pinned: true });
    expect(kept.affectedRows).toBe(1);

    const select = 'select id, body, written_at from notes where body = any($1) order by id';
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `kept as text: ${value}` } };
    const plainArray = await pglite.query(select, [['first', 'third']], options);
    await client.query(select, [['first', 'third']], options);
    const keptArray = await client.query(select, [['first', 'third']], options);
    expect(keptArray).toEqual(plainArray);
    expect(keptArray.rows).toEqual([
      [1, 'first', expect.stringMatching(/^kept as text: 2026-11-30/)],
      [3, 'third', expect.stringMatching(/^kept as text: 2026-11-30/)],
    ]);
  });

  it('keeps the most recently used statements within its bound, closing the oldest', async () => {
    const texts = [1, 2, 3, 4].map((n) => `select ${n} + $1::int as n`);
    for (const text of texts) {
      await client.query(text, [0]);
      await client.query(text, [0]);
    }
    // The fourth's preparation closed the first's statement; the bound is three.
    expect(await keptNames()).toHaveLength(3);
    for (const text of texts) expect((await client.query<{ n: number }>(text, [1])).rows[0]!.n).toBe(Number(text.split(' ')[1]) + 1);
  });

  it("reports a failed statement with PGlite's error and the query, and keeps working", async () => {
    const insert = 'insert into notes (body) values ($1)';
    await client.query(insert, ['same']);
    const failure = await client.query(insert, ['same']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', query: insert, params: ['same'] });
    await client.query(insert, ['other']);
    expect((await pglite.query('select body from notes order by id')).rows).toEqual([{ body: 'same' }, { body: 'other' }]);
  });

  it('runs a statement whose prepared form went away or went stale', async () => {
    const select = 'select * from notes where id > $1';
    await client.query(select, [0]);
    await client.query(select, [0]);
    await pglite.exec('deallocate all');
    expect((await client.query(select, [0])).rows).toEqual([]);

    await client.query(select, [0]);
    await client.query(select, [0]);
    await pglite.exec(`alter table notes add column mood text; insert into notes (body, mood) values ('hello', 'sunny')`);
    expect((await client.query(select, [0])).rows).toEqual([expect.objectContaining({ body: 'hello', mood: 'sunny' })]);
    await pglite.exec('alter table notes drop column mood');
  });

  it('runs kept statements inside a transaction, which commits or rolls back as a whole', async () => {
    const insert = 'insert into notes (body) values ($1)';
    await client.transaction(async (tx) => {
      await tx.query(insert, ['a']);
      await tx.query(insert, ['b']);
      await tx.query(insert, ['c']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, ['d']);
        await tx.query(insert, ['a']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await pglite.query('select body from notes order by id')).rows.map((row) => (row as { body: string }).body)).toEqual(['a', 'b', 'c']);
  });

  it("waits for another caller's transaction as PGlite's own query does", async () => {
    const count = 'select count(*)::int as n from notes';
    await client.query(count);
    await client.query(count);
    let inserted!: () => void;
    let release!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into notes (body) values ('inside')`);
      inserted();
      await held;
    });
    await insertDone;
    let answeredDuringTransaction = false;
    let released = false;
    const counted = client.query<{ n: number }>(count).then((result) => ((answeredDuringTransaction = !released), result));
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    released = true;
    release();
    await transaction;
    expect(answeredDuringTransaction).toBe(false);
    expect((await counted).rows[0]!.n).toBe(1);
  });

  it("serves Drizzle's queries, prepared or not, with the same results", async () => {
    const db = drizzle({ client: client as unknown as PGlite });
    await db.execute(sql`insert into notes (body, written_at) values ('drizzle', '2026-11-30T10:00:00Z')`);
    const read = () => db.execute(sql`select body, written_at from notes where body = ${'drizzle'}`);
    const first = await read();
    await read();
    const third = await read();
    expect(await keptNames()).toHaveLength(1);
    expect(third.rows).toEqual(first.rows);
    expect(third.rows).toEqual([{ body: 'drizzle', written_at: expect.stringMatching(/^2026-11-30 10:00:00/) }]);
  });
});

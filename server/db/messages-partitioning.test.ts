import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../tests/factories/sites';
import { createTestDatabase } from '../../tests/setup/test-database';
import { testEnv } from '../../tests/setup/test-env';
import type { DatabaseHandle } from './client';
import { conversations, messages, users } from './schema/index';

/**
 * The procedure that partitions `messages` by month (deploy/partition-messages, ADR 0080),
 * rehearsed on a scratch database with messages on both sides of the cutover. It is a procedure
 * for PostgreSQL 15, not a migration: it runs on PostgreSQL only.
 */
const CUTOVER = '2027-01-01 00:00+00';
const script = (name: string) => fs.readFileSync(path.resolve('deploy/partition-messages', name), 'utf8').replaceAll(":'cutover'", `'${CUTOVER}'`);

describe.runIf(testEnv.engine === 'postgres' && !!testEnv.databaseUrl)('deploy/partition-messages', () => {
  let database: DatabaseHandle;
  let senderId: number;
  let conversationId: number;
  const insertMessage = (createdAt: string, clientId: string) =>
    database.db
      .insert(messages)
      .values({ conversationId, senderId, body: clientId, clientId, createdAt: new Date(createdAt) })
      .returning({ id: messages.id });

  beforeAll(async () => {
    database = await createTestDatabase();
    const site = await createSite(database.db);
    const [a, b] = await database.db
      .insert(users)
      .values([1, 2].map((n) => ({ siteId: site.id, email: `partition${n}@example.com`, passwordHash: 'not-used', status: 'active' as const })))
      .returning();
    [{ id: conversationId }] = await database.db
      .insert(conversations)
      .values({ memberA: a!.id, memberB: b!.id, startedBy: a!.id, createdAt: new Date('2026-10-01'), lastMessageAt: new Date('2026-10-01') })
      .returning({ id: conversations.id });
    senderId = a!.id;
    for (const [at, key] of [
      ['2026-10-03T10:00:00Z', 'october'],
      ['2026-12-31T23:59:59Z', 'new-years-eve'],
    ] as const)
      await insertMessage(at, key);
    // Step 1 builds its indexes concurrently: outside any transaction, one statement at a time.
    for (const statement of script('1-prepare.sql')
      .split(/;\s*$/m)
      .filter((text) => text.replace(/--.*$/gm, '').trim()))
      await database.pool!.query(statement);
    await database.pool!.query(script('2-cutover.sql'));
  });
  afterAll(() => database?.close());

  it('keeps every message, where it was, and puts new ones in their month with the next ids', async () => {
    const before = await database.pool!.query<{ part: string; body: string }>('select tableoid::regclass::text as part, body from messages order by id');
    expect(before.rows).toEqual([
      { part: 'messages_history', body: 'october' },
      { part: 'messages_history', body: 'new-years-eve' },
    ]);
    const [{ id: january }] = await insertMessage('2027-01-15T12:00:00Z', 'january');
    const [{ id: march }] = await insertMessage('2027-03-01T00:00:00Z', 'march');
    const placed = await database.pool!.query<{ part: string; id: string }>(
      'select tableoid::regclass::text as part, id::text from messages where id >= $1 order by id',
      [january],
    );
    expect(placed.rows).toEqual([
      { part: 'messages_2027_01', id: String(january) },
      { part: 'messages_2027_03', id: String(march) },
    ]);
    expect(march).toBe(january + 1);
  });

  it('still refuses a repeated send key within a month, and still counts the week’s activity', async () => {
    const weeks = async () =>
      (await database.pool!.query<{ n: number }>('select count(*)::int as n from member_activity_weeks where user_id = $1', [senderId])).rows[0]!.n;
    const weeksBefore = await weeks();
    await insertMessage('2027-02-02T08:00:00Z', 'twice');
    await expect(insertMessage('2027-02-02T08:00:00Z', 'twice')).rejects.toThrow();
    // A message in a week the member had no activity in yet: the trigger on the partitioned table counted it.
    expect(await weeks()).toBe(weeksBefore + 1);
  });

  it('refuses a message past the months made so far, until the next month is added', async () => {
    await expect(insertMessage('2027-06-01T00:00:00Z', 'june')).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/no partition of relation/) },
    });
    await database.pool!.query(`select rdv_add_messages_month('2027-06-01 00:00+00')`);
    await insertMessage('2027-06-01T00:00:00Z', 'june');
  });
});

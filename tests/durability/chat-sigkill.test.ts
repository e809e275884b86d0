import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseTarget } from '../../server/db/client';
import { createChatRepository } from '../../server/db/repositories/chat.repository';
import { bookCredits } from '../../server/domain/credits/ledger';
import { createSessionsRepository } from '../../server/db/repositories/sessions.repository';
import { profiles, users } from '../../server/db/schema/index';
import { createSessionsService } from '../../server/domain/accounts/sessions.service';
import { systemClock } from '../../server/domain/shared/clock';
import { createSite } from '../factories/sites';
import { startServerProcess, type ServerProcess } from '../setup/server-process';
import { testEnv } from '../setup/test-env';

/**
 * Issue #5: killing the server with SIGKILL in the middle of a load and starting it again on
 * the same data loses no message whose sender saw it acknowledged (HTTP 201), stores none
 * twice, and leaves every member's ledger equal to their balance. Runs the real server process
 * on the embedded database on disk (the database dies with the process), and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */

const DOMAIN = 'durability.test';
const PAIRS = 10;
const IN_FLIGHT_PER_MEMBER = 3;
const LOAD_MS = 1500;
const MIN_ACKNOWLEDGED = 100;
/** Generous: a start builds the app when no build exists, and the machines are shared. */
const START_TIMEOUT_MS = 120_000;

interface Member {
  id: number;
  cookie: string;
  conversationId: number;
}

type Fate = { state: 'acknowledged'; messageId: number } | { state: 'refused'; status: number } | { state: 'unknown' };

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('chat under SIGKILL', () => {
  it('keeps every acknowledged message exactly once on the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-sigkill-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await killMidLoadAndCheck({ kind: 'pglite', dir: path.join(dataDir, 'pglite') }, { DATA_DIR: dataDir, DATABASE_URL: '' });
  });

  it.runIf(!!testEnv.databaseUrl)('keeps every acknowledged message exactly once on PostgreSQL', async () => {
    const url = await createScratchPostgres(testEnv.databaseUrl!);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-sigkill-pg-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await killMidLoadAndCheck({ kind: 'postgres', url, poolSize: 2 }, { DATA_DIR: dataDir, DATABASE_URL: url });
  });
});

async function killMidLoadAndCheck(target: DatabaseTarget, env: Record<string, string>) {
  const members = await withDatabase(target, seedPairs);
  // Plain HTTP on a test domain: with the default https the start is refused without TRUST_PROXY.
  const serverEnv = { ...env, SEED_DEMO: 'false', DEFAULT_SITE_DOMAIN: DOMAIN, SITE_SCHEME: 'http' };
  const fates = new Map<string, Fate & { sender: Member }>();

  const first = await startServerProcess(serverEnv, { timeoutMs: START_TIMEOUT_MS });
  cleanups.push(() => void first.stop('SIGKILL'));
  await sendUntilKilled(first, members, fates);
  const acknowledged = [...fates].filter(([, fate]) => fate.state === 'acknowledged');
  expect(acknowledged.length).toBeGreaterThanOrEqual(MIN_ACKNOWLEDGED);
  // The kill really came mid-load: some sends never got their answer.
  expect([...fates.values()].some((fate) => fate.state === 'unknown')).toBe(true);

  // Same data, new process: retries of acknowledged sends answer with the very same message,
  // and sends whose answer the kill swallowed go through at most once.
  const second = await startServerProcess(serverEnv, { timeoutMs: START_TIMEOUT_MS });
  cleanups.push(() => void second.stop('SIGKILL'));
  for (const [clientId, fate] of [...acknowledged.slice(0, 50), ...[...fates].filter(([, f]) => f.state === 'unknown')]) {
    const response = await send(second.url, fate.sender, clientId);
    if (fate.state === 'acknowledged') expect(response).toMatchObject({ status: 201, messageId: fate.messageId });
    else expect([201, 402]).toContain(response.status);
  }
  expect(await second.stop('SIGTERM')).toBe(0);

  await withDatabase(target, async (db) => {
    const stored = await rows<{ senderId: number; clientId: string; id: string; copies: number }>(
      db,
      sql`select sender_id as "senderId", client_id as "clientId", min(id)::text as id, count(*)::int as copies from messages group by sender_id, client_id`,
    );
    const byKey = new Map(stored.map((row) => [`${row.senderId}:${row.clientId}`, row]));
    const missing = acknowledged.filter(
      ([clientId, fate]) => Number(byKey.get(`${fate.sender.id}:${clientId}`)?.id) !== (fate as { messageId: number }).messageId,
    );
    expect(missing.map(([clientId]) => clientId)).toEqual([]);
    expect(stored.filter((row) => row.copies !== 1)).toEqual([]);
    const unbalanced = await rows<{ id: number }>(
      db,
      sql`select u.id from users u where u.credits <> (select coalesce(sum(delta), 0) from credit_ledger l where l.user_id = u.id)`,
    );
    expect(unbalanced).toEqual([]);
    const [debits] = await rows<{ paid: number; debited: number }>(
      db,
      sql`select (select count(*)::int from messages where credits_spent > 0) as paid,
                 (select count(*)::int from credit_ledger l join messages m on m.sender_id = l.user_id and m.client_id = l.idempotency_key and m.credits_spent = -l.delta) as debited`,
    );
    expect(debits.debited).toBe(debits.paid);
  });
}

/** Every member keeps a few sends in flight until the server is killed under them. */
async function sendUntilKilled(server: ServerProcess, members: Member[], fates: Map<string, Fate & { sender: Member }>) {
  let alive = true;
  const started = Date.now();
  const acknowledgedCount = () => [...fates.values()].filter((fate) => fate.state === 'acknowledged').length;
  const loop = async (member: Member) => {
    while (alive) {
      const clientId = `sigkill-${crypto.randomBytes(6).toString('hex')}`;
      fates.set(clientId, { state: 'unknown', sender: member });
      const response = await send(server.url, member, clientId).catch(() => null);
      if (!response) continue;
      fates.set(
        clientId,
        response.status === 201
          ? { state: 'acknowledged', messageId: response.messageId!, sender: member }
          : { state: 'refused', status: response.status, sender: member },
      );
    }
  };
  const loops = members.flatMap((member) => Array.from({ length: IN_FLIGHT_PER_MEMBER }, () => loop(member)));
  while (Date.now() - started < LOAD_MS || acknowledgedCount() < MIN_ACKNOWLEDGED) await new Promise((resolve) => setTimeout(resolve, 20));
  // Mid-load: every loop has a request in flight and batches are committing.
  alive = false;
  await server.stop('SIGKILL');
  await Promise.all(loops);
}

async function send(url: string, member: Member, clientId: string): Promise<{ status: number; messageId?: number }> {
  const response = await fetch(`${url}/api/messages.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: member.cookie },
    body: JSON.stringify({ conversation_id: member.conversationId, text: 'a message that must survive the kill', client_id: clientId }),
  });
  const body = (await response.json()) as { message?: { id: number } };
  return { status: response.status, messageId: body.message?.id };
}

/**
 * Pairs of members with a session and a conversation each. Half can pay for every message;
 * the other half run out of credits during the load, so refusals are part of it too.
 */
async function seedPairs(db: Database): Promise<Member[]> {
  const site = await createSite(db, { domain: DOMAIN, messageCredits: 1, freeMessages: 2 });
  const sessions = createSessionsService({ sessions: createSessionsRepository(db), clock: systemClock });
  const members: Member[] = [];
  for (let index = 0; index < PAIRS * 2; index++) {
    const [user] = await db
      .insert(users)
      .values({ siteId: site.id, email: `sigkill${index}@durability.test`, passwordHash: 'not-used', status: 'active', paidUser: true })
      .returning();
    await db
      .insert(profiles)
      .values({ id: user.id, name: `Member ${index}`, gender: index % 2 ? 'male' : 'female', dateOfBirth: '1990-01-01', country: 'NL', status: 'active' });
    await bookCredits(db, { userId: user.id, delta: index % 4 < 2 ? 100_000 : 20, reason: 'adjustment', at: systemClock.now() });
    members.push({ id: user.id, cookie: `rdv_session=${await sessions.start(user.id, 'sigkill test')}`, conversationId: 0 });
  }
  for (let index = 0; index < members.length; index += 2) {
    const conversation = await createChatRepository(db).create(members[index].id, members[index + 1].id, members[index].id, systemClock.now());
    members[index].conversationId = members[index + 1].conversationId = conversation.id;
  }
  return members;
}

async function withDatabase<T>(target: DatabaseTarget, work: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase(target);
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function createScratchPostgres(adminUrl: string): Promise<string> {
  const name = `rdv_sigkill_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

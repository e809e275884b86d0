import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { createSitesRepository } from '../../server/db/repositories/sites.repository';
import { buildDemoSites } from '../../server/seed/demo-sites';

export const CHAT_BENCH_DOMAIN = 'chat-bench.localhost';
/** Credits each member starts with: far more than any run spends. */
const START_CREDITS = 100_000_000;

export interface ChatBenchMember {
  id: number;
  /** The `rdv_session` cookie value. */
  token: string;
  /** The other member of the pair (members[2k] ↔ members[2k+1]). */
  partnerIndex: number;
  /** Their pair's conversation (only for members in pairs). */
  conversationId: number;
}

export const sessionToken = (memberId: number) => `chat-bench-${memberId}`;

/**
 * A scratch database with the chat bench's site and `count` premium members, each with a
 * session and credits (and the ledger row that explains them), the first `paired` of them in
 * pairs that already have their conversation. Loaded with a few set-based statements instead
 * of sign-ups: only the sends are measured.
 */
export async function loadChatMembers(url: string, options: { count: number; paired: number }): Promise<ChatBenchMember[]> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    // Every text costs credits (no free messages), so each message measured is a debit.
    const site = await createSitesRepository(database.db).insert({
      ...buildDemoSites(CHAT_BENCH_DOMAIN)[0],
      messageCredits: 1,
      freeMessages: 0,
      messageLength: 1000,
    });
    const client = database.pool!;
    const { rows } = await client.query<{ id: number }>(
      `insert into users (site_id, email, password_hash, status, credits, paid_user)
       select $1, 'bench' || g || '@chat-bench.test', 'not-used', 'active', $2, true from generate_series(1, $3) g
       returning id`,
      [site.id, START_CREDITS, options.count],
    );
    const ids = rows.map((row) => row.id).sort((a, b) => a - b);
    await client.query(
      `insert into profiles (id, name, gender, seeking, date_of_birth, country, status)
       select id, 'Bench ' || id, case when id % 2 = 0 then 'female' else 'male' end, 'both', '1990-01-01', 'NL', 'active'
       from users where site_id = $1`,
      [site.id],
    );
    await client.query(
      `insert into credit_ledger (user_id, delta, balance_after, reason, created_at) select id, credits, credits, 'adjustment', now() from users where site_id = $1`,
      [site.id],
    );
    // The token's SHA-256 in hex, exactly as the sessions service stores it.
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at)
       select encode(sha256(convert_to('chat-bench-' || id, 'UTF8')), 'hex'), id, now() + interval '1 day' from users where site_id = $1`,
      [site.id],
    );
    const pairs = ids.slice(0, options.paired - (options.paired % 2));
    const { rows: conversations } = await client.query<{ id: number; member_a: number }>(
      `insert into conversations (member_a, member_b, started_by, created_at, last_message_at)
       select a, b, a, now(), now() from unnest($1::int[], $2::int[]) as p(a, b)
       returning id, member_a`,
      [pairs.filter((_, index) => index % 2 === 0), pairs.filter((_, index) => index % 2 === 1)],
    );
    await client.query(
      `insert into conversation_states (conversation_id, user_id)
       select id, member_a from conversations union all select id, member_b from conversations`,
    );
    await client.query('analyze');
    const conversationOf = new Map(conversations.map((row) => [row.member_a, row.id]));
    return ids.map((id, index) => {
      const partnerIndex = index ^ 1;
      return { id, token: sessionToken(id), partnerIndex, conversationId: index < pairs.length ? conversationOf.get(Math.min(id, ids[partnerIndex]))! : 0 };
    });
  } finally {
    await database.close();
  }
}

/** Runs statements one after another on a connection of its own to the admin database. */
async function runAsAdmin(adminUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates the scratch database (dropping a leftover first) and returns its URL. */
export async function createScratchDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; checkpoint: () => Promise<void>; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name must be a plain lower-case name, got "${name}"`);
  const dropStatement = `drop database if exists ${name} with (force)`;
  await runAsAdmin(adminUrl, dropStatement, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /**
     * Writes out everything earlier phases left dirty, so their write-back does not land in the
     * next phase: pages a saturated phase dirtied reach the disk about 30 s later, and while
     * they do, commits waited 25–110 ms for the log to sync.
     */
    checkpoint: () => runAsAdmin(adminUrl, 'checkpoint'),
    drop: () => runAsAdmin(adminUrl, dropStatement),
  };
}

/**
 * What the database says after the load: messages stored with a debit, and members whose
 * ledger does not add up to their balance (must be none).
 */
export async function checkLedger(url: string): Promise<{ paidMessages: number; messageDebits: number; unbalancedMembers: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ paid: number; debits: number; unbalanced: number }>(`
      select (select count(*)::int from messages where credits_spent > 0) as paid,
             (select count(*)::int from credit_ledger where reason = 'message') as debits,
             (select count(*)::int from users u
               where u.credits <> coalesce((select sum(delta) from credit_ledger l where l.user_id = u.id), 0)) as unbalanced`);
    return { paidMessages: rows[0].paid, messageDebits: rows[0].debits, unbalancedMembers: rows[0].unbalanced };
  } finally {
    await client.end();
  }
}

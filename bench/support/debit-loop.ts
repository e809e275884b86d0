import pg from 'pg';
import type { ChatBenchMember } from './chat-data';
import { percentile } from './chat-load';

export interface DebitLoopResult {
  transactions: number;
  seconds: number;
  p50: number;
  p99: number;
}

/**
 * The database ceiling of the chat bench: the least a paid message needs, one transaction per
 * message straight through `pg` — conditional debit, ledger row, message row, commit — in a
 * closed loop on `workers` pooled connections (the app's pool size), over the same members
 * and tables. No validation, no conversation counters, no HTTP, no batching.
 */
export async function runDebitLoop(
  url: string,
  members: ChatBenchMember[],
  options: { workers: number; seconds: number; warmupSeconds: number },
): Promise<DebitLoopResult> {
  const pool = new pg.Pool({ connectionString: url, max: options.workers });
  pool.on('error', () => {});
  let next = 0;
  let counting = false;
  let transactions = 0;
  const latencies: number[] = [];
  let running = true;

  async function oneMessage(client: pg.PoolClient) {
    const member = members[next++ % members.length];
    const key = `ceiling-${next}`;
    const started = performance.now();
    await client.query('begin');
    const debit = await client.query<{ credits: number }>('update users set credits = credits - 1 where id = $1 and credits >= 1 returning credits', [
      member.id,
    ]);
    if (!debit.rowCount) throw new Error(`member ${member.id} ran out of credits`);
    await client.query(
      `insert into credit_ledger (user_id, delta, balance_after, reason, reference, idempotency_key, created_at) values ($1, -1, $2, 'message', $3, $4, now())`,
      [member.id, debit.rows[0].credits, `conversation:${member.conversationId}`, key],
    );
    await client.query(
      `insert into messages (conversation_id, sender_id, kind, body, credits_spent, client_id, created_at) values ($1, $2, 'text', $3, 1, $4, now())`,
      [member.conversationId, member.id, `ceiling ${next}`, key],
    );
    await client.query('commit');
    if (counting) {
      transactions += 1;
      latencies.push(performance.now() - started);
    }
  }

  async function worker() {
    const client = await pool.connect();
    try {
      while (running) await oneMessage(client);
    } finally {
      client.release();
    }
  }

  const workers = Array.from({ length: options.workers }, () => worker());
  await new Promise((resolve) => setTimeout(resolve, options.warmupSeconds * 1000));
  counting = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all(workers);
  await pool.end();
  return { transactions, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

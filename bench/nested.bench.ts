import http from 'node:http';
import autocannon from 'autocannon';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';
import type { RunningServer } from './support/server';

/**
 * Issue 30, bounded work per request: while 30 clients post megabyte bodies of nested JSON
 * (`[[[[…]]]]`) in parallel, over and over, how slow does `/api/settings.php` get? Its p99 under
 * the attack is compared with its p99 measured alone in the same run (the ceiling), and every
 * answer of both is checked for 5xx. The attack goes to 127.0.0.1 only (the bench's own server).
 *
 * The attackers take turns between three bodies: the megabyte to sign-up (no session needed, a
 * rate-limited call), the megabyte to a member call that is not rate-limited, and 60 KB of
 * brackets (under the size limit, so it reaches the parser) to that member call.
 *
 * Env: BENCH_NESTED_SECONDS (measured seconds per phase, default 10), BENCH_NESTED_ATTACKERS
 * (default 30), BENCH_CONNECTIONS (settings clients, default 4).
 */

const TARGET_P99_MS = 100;
const MEGABYTE = 1024 * 1024;
const nested = (bytes: number) => Buffer.from(`${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}`);

const ATTACKS = [
  { name: 'POST /api/signup.php, 1 MB', method: 'POST', path: '/api/signup.php', body: nested(MEGABYTE) },
  { name: 'PUT /api/user.php, 1 MB', method: 'PUT', path: '/api/user.php', body: nested(MEGABYTE) },
  { name: 'PUT /api/user.php, 60 KB', method: 'PUT', path: '/api/user.php', body: nested(60 * 1024) },
] as const;

interface Latencies {
  values: number[];
  statuses: Map<number, number>;
  errors: number;
}

function percentile(values: number[], p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] : NaN;
}

/** Settings asked by `connections` clients for `seconds`; every latency and status kept. */
async function measureSettings(url: string, seconds: number, connections: number): Promise<Latencies> {
  const into: Latencies = { values: [], statuses: new Map(), errors: 0 };
  const instance = autocannon({
    url: `${url}/api/settings.php`,
    connections,
    duration: seconds,
    timeout: 30,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    into.values.push(responseTime);
    into.statuses.set(status, (into.statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  into.errors = result.errors + result.timeouts;
  return into;
}

/** One hostile post; the status, or 0 when the server closed the connection before answering. */
function post(base: URL, attack: (typeof ATTACKS)[number]): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: base.port,
        method: attack.method,
        path: attack.path,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': attack.body.length, 'sec-fetch-site': 'same-origin' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(response.statusCode ?? 0));
      },
    );
    // A server that answers early (413, 429) closes while the rest is still being written.
    request.on('error', () => resolve(0));
    request.end(attack.body);
  });
}

/** `attackers` loops posting the bodies in turn until `until`; counts the answers per body. */
async function attack(url: string, attackers: number, until: () => boolean) {
  const base = new URL(url);
  if (base.hostname !== '127.0.0.1' && base.hostname !== 'localhost') throw new Error(`the nested bench attacks 127.0.0.1 only, not ${base.hostname}`);
  const counts = ATTACKS.map(() => new Map<number, number>());
  await Promise.all(
    Array.from({ length: attackers }, async (_, attacker) => {
      for (let turn = attacker; !until(); turn++) {
        const index = turn % ATTACKS.length;
        const status = await post(base, ATTACKS[index]);
        counts[index].set(status, (counts[index].get(status) ?? 0) + 1);
      }
    }),
  );
  return counts;
}

const describeStatuses = (statuses: Map<number, number>) =>
  [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'closed' : status}: ${count}`)
    .join(', ');
const serverErrors = (statuses: Map<number, number>) => [...statuses.entries()].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);

export async function runNestedBench(server: RunningServer): Promise<BenchOutcome> {
  const seconds = envNumber('BENCH_NESTED_SECONDS', 10);
  const attackers = Math.round(envNumber('BENCH_NESTED_ATTACKERS', 30));
  const connections = Math.round(envNumber('BENCH_CONNECTIONS', 4));
  heading('Nested: settings p99 while megabytes of [[[[…]]]] are posted');
  console.log(machineLine());
  console.log(
    `${connections} settings clients for ${seconds} s alone, then ${seconds} s beside ${attackers} attackers posting in turn: ${ATTACKS.map((item) => item.name).join('; ')}`,
  );

  await measureSettings(server.url, 2, connections); // warm-up
  const quiet = await measureSettings(server.url, seconds, connections);

  let attacking = true;
  const attackDone = attack(server.url, attackers, () => !attacking);
  const loaded = await measureSettings(server.url, seconds, connections);
  attacking = false;
  const counts = await attackDone;

  const quietP99 = percentile(quiet.values, 0.99);
  const loadedP99 = percentile(loaded.values, 0.99);
  const ratio = loadedP99 / quietP99;
  const settings5xx = serverErrors(quiet.statuses) + serverErrors(loaded.statuses);
  const attack5xx = counts.reduce((sum, statuses) => sum + serverErrors(statuses), 0);
  const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

  console.log();
  console.log(
    table(
      ['phase', 'answers', 'p50 ms', 'p99 ms', 'statuses', 'client errors'],
      [
        [
          'settings alone (ceiling)',
          String(quiet.values.length),
          fmt(percentile(quiet.values, 0.5)),
          fmt(quietP99),
          describeStatuses(quiet.statuses),
          String(quiet.errors),
        ],
        [
          'settings under attack',
          String(loaded.values.length),
          fmt(percentile(loaded.values, 0.5)),
          fmt(loadedP99),
          describeStatuses(loaded.statuses),
          String(loaded.errors),
        ],
      ],
    ),
  );
  for (const [index, statuses] of counts.entries()) console.log(`  ${ATTACKS[index].name}: ${describeStatuses(statuses)}`);

  const lines = [
    `settings p99 under attack: ${fmt(loadedP99)} ms (target < ${TARGET_P99_MS} ms); alone: ${fmt(quietP99)} ms → ratio ${ratio.toFixed(2)}`,
    `5xx answers: settings ${settings5xx}, attack ${attack5xx} (target 0); settings timeouts/errors: ${quiet.errors + loaded.errors}`,
    `attack answers: ${counts.map((statuses, index) => `${ATTACKS[index].name} → ${describeStatuses(statuses)}`).join('; ')}`,
  ];
  for (const line of lines) console.log(line);
  const missed = [
    ...(loadedP99 < TARGET_P99_MS ? [] : [`nested: settings p99 ${fmt(loadedP99)} ms under attack (target < ${TARGET_P99_MS} ms)`]),
    ...(settings5xx + attack5xx ? [`nested: ${settings5xx + attack5xx} answers were 5xx`] : []),
    ...(loaded.errors ? [`nested: ${loaded.errors} settings requests failed or timed out under attack`] : []),
  ];
  return { name: 'nested', lines, missed };
}

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createRouteHistogram } from './route-histogram';

/** What a PostgreSQL pool (node-postgres) tells about its connections. */
export interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

/** Unfinished jobs of one kind: due now (waiting for a runner) and all of them. */
export interface QueueDepth {
  kind: string;
  due: number;
  pending: number;
  dead: number;
}

/**
 * One process's Prometheus metrics (ADR 0045), in a registry of its own so that tests and
 * several apps in one process never mix their figures. Counters bumped on hot paths (messages
 * sent and delivered) add to plain numbers that the scrape hands to prom-client; figures owned
 * elsewhere (sockets open, pools, the job queue) are read when scraped, not tracked as they move.
 */
export function createMetrics() {
  const registry = new Registry();
  // Process CPU, memory, heap, GC, handles, and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });

  const http = createRouteHistogram(registry, {
    name: 'rendezvous_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (never the raw URL) and status code, and how long they took',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

  const openSockets: (() => number)[] = [];
  new Gauge({
    name: 'rendezvous_websocket_connections',
    help: 'Open member WebSockets on this instance',
    registers: [registry],
    collect() {
      this.set(openSockets.reduce((total, count) => total + count(), 0));
    },
  });

  let sent = 0;
  let delivered = 0;
  new Counter({
    name: 'rendezvous_chat_messages_sent_total',
    help: 'Chat messages committed (text, gift, photo)',
    registers: [registry],
    collect() {
      this.inc(sent);
      sent = 0;
    },
  });
  new Counter({
    name: 'rendezvous_chat_messages_delivered_total',
    help: 'Chat messages written to an open WebSocket of their recipient (live or in a resync)',
    registers: [registry],
    collect() {
      this.inc(delivered);
      delivered = 0;
    },
  });
  const busInterruptions = new Counter({
    name: 'rendezvous_realtime_bus_interruptions_total',
    help: 'Times the realtime bus lost Redis and this instance closed its open sockets (1012) so that each tab resyncs',
    registers: [registry],
  });
  const sessionCheckRounds = new Counter({
    name: 'rendezvous_realtime_session_check_rounds_total',
    help: "Rounds of the open tabs' periodic session check this instance finished (every tab's session looked up once)",
    registers: [registry],
  });
  let rateLimitsLocal = false;
  new Gauge({
    name: 'rendezvous_rate_limit_local_fallback',
    help: "1 while rate limits count in this instance's memory because Redis is unreachable, else 0",
    registers: [registry],
    collect() {
      this.set(rateLimitsLocal ? 1 : 0);
    },
  });
  const rateLimitFallbacks = new Counter({
    name: 'rendezvous_rate_limit_local_fallbacks_total',
    help: "Redis outages during which rate limits counted in this instance's memory",
    registers: [registry],
  });
  let countedLocally = 0;
  new Counter({
    name: 'rendezvous_rate_limit_local_counts_total',
    help: "Rate-limited requests counted in this instance's memory instead of Redis",
    registers: [registry],
    collect() {
      this.inc(countedLocally);
      countedLocally = 0;
    },
  });
  const batchSize = new Histogram({
    name: 'rendezvous_chat_batch_size',
    help: 'Messages per group commit of the chat',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [registry],
  });
  const batchCommit = new Histogram({
    name: 'rendezvous_chat_batch_commit_seconds',
    help: 'How long one group commit of the chat took (its transaction, retries of single items included)',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  const jobsFinished = new Counter({
    name: 'rendezvous_jobs_completed_total',
    help: 'Jobs run to the end, by kind',
    labelNames: ['kind'],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'rendezvous_jobs_failed_total',
    help: 'Failed job attempts, by kind and outcome (retry: tried again later; dead: its last attempt)',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  let readQueue: (() => Promise<QueueDepth[]>) | null = null;
  const queueGauge = (name: string, help: string, pick: (row: QueueDepth) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        if (!readQueue) return;
        this.reset();
        for (const row of await queueFigures()) this.set({ kind: row.kind }, pick(row));
      },
    });
  // The three gauges are collected together at each scrape: one query serves them all.
  let queueRead: Promise<QueueDepth[]> | null = null;
  const queueFigures = () => {
    queueRead ??= readQueue!().finally(() => setImmediate(() => (queueRead = null)));
    return queueRead;
  };
  queueGauge('rendezvous_jobs_due', 'Jobs due now and not yet taken by a runner, by kind (the backlog)', (row) => row.due);
  queueGauge('rendezvous_jobs_pending', 'Unfinished jobs (due, running, or waiting for their time or their retry), by kind', (row) => row.pending);
  queueGauge('rendezvous_jobs_dead', 'Jobs that failed their last attempt and wait for an operator, by kind', (row) => row.dead);

  const webhooks = new Counter({
    name: 'rendezvous_payment_webhooks_total',
    help: 'Payment provider notifications received, by provider and outcome',
    labelNames: ['provider', 'outcome'],
    registers: [registry],
  });

  const pools: { name: string; pool: PoolFigures }[] = [];
  let engine = 'none';
  new Gauge({
    name: 'rendezvous_db_pool_connections',
    help: 'PostgreSQL pool connections by pool and state (total, idle, max) and requests waiting for one (waiting)',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const { name, pool } of pools) {
        this.set({ pool: name, state: 'total' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
        this.set({ pool: name, state: 'max' }, pool.options.max ?? 10);
      }
    },
  });
  new Gauge({
    name: 'rendezvous_db_engine_info',
    help: 'The database engine (postgres, or pglite: one connection in this process, no pool to report)',
    labelNames: ['engine'],
    registers: [registry],
    collect() {
      this.reset();
      this.set({ engine }, 1);
    },
  });

  return {
    registry,
    http,
    realtime: {
      /** Counts a source of open sockets (one per gateway), read at each scrape. */
      countSockets(count: () => number) {
        openSockets.push(count);
      },
      messageDelivered() {
        delivered += 1;
      },
      busInterrupted() {
        busInterruptions.inc();
      },
      sessionCheckRoundDone() {
        sessionCheckRounds.inc();
      },
    },
    rateLimits: {
      /** Redis became unreachable: counting in memory from now on. */
      fellBack() {
        rateLimitsLocal = true;
        rateLimitFallbacks.inc();
      },
      /** Counting in Redis again. */
      recovered() {
        rateLimitsLocal = false;
      },
      countedLocally() {
        countedLocally += 1;
      },
    },
    chat: {
      batchCommitted(size: number, seconds: number) {
        batchSize.observe(size);
        batchCommit.observe(seconds);
      },
      messagesSent(count: number) {
        sent += count;
      },
    },
    jobs: {
      finished(kind: string) {
        jobsFinished.inc({ kind });
      },
      failed(kind: string, dead: boolean) {
        jobFailures.inc({ kind, outcome: dead ? 'dead' : 'retry' });
      },
      /** How to read the queue's depth at a scrape (one grouped query on the jobs table). */
      readDepthWith(read: () => Promise<QueueDepth[]>) {
        readQueue = read;
      },
    },
    payments: {
      webhookReceived(provider: string, outcome: string) {
        webhooks.inc({ provider, outcome });
      },
    },
    database: {
      describe(kind: 'postgres' | 'pglite', namedPools: { name: string; pool: PoolFigures }[]) {
        engine = kind;
        pools.push(...namedPools);
      },
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

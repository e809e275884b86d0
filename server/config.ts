import path from 'node:path';
import { z } from 'zod';
import { findUnsafeProductionSetting } from './config-safety';
import { findStorageProblems, isStorageUrl, storageOf } from './config-storage';
import { isLoopbackHost, isRsaPrivateKey, isTrustProxyValue, isVapidSubject, parseTrustProxy } from './config-values';
import { findVapidKeyProblem } from './domain/secrets/vapid-keys';

/** The part of an address before the `@`; the domain is always the site's own. */
const mailLocalPart = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i, 'a local part: letters, digits, dot, hyphen, underscore');

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');

/**
 * The only reader of process.env. Every setting is validated once at boot so that a
 * misconfigured deployment fails immediately with a readable message instead of at the
 * first request that needs the value.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /** Loopback unless told otherwise: a default start is reachable from this machine only. */
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    /** A read-only copy of DATABASE_URL (a streaming replica) for member search and other members' profiles (ADR 0080). */
    DATABASE_READ_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
    /** `sharded`: realtime fan-out through SPUBLISH/SSUBSCRIBE, which a Redis Cluster spreads over its shards (ADR 0080). */
    REDIS_PUBSUB: z.enum(['classic', 'sharded']).default('classic'),
    /** Send mail through this SMTP server; without it mail goes to the outbox in DATA_DIR. */
    SMTP_URL: z.string().url().optional(),
    /**
     * Bulk mail (notifications, digests, promotions, news) through its own SMTP server or
     * provider stream; unset, bulk mail goes through SMTP_URL (or the outbox) too.
     */
    SMTP_BULK_URL: z.string().url().optional(),
    /** Local parts of the sender addresses, on each site's own domain (see `mailStreams` below). */
    MAIL_FROM: mailLocalPart.optional(),
    MAIL_BULK_FROM: mailLocalPart.optional(),
    MAIL_RETURN_PATH: mailLocalPart.default('bounces'),
    MAIL_BULK_RETURN_PATH: mailLocalPart.default('bounces-bulk'),
    /** `true`: each mail's bounce address carries a token for its recipient (`bounces+<token>@domain`, VERP). */
    MAIL_VERP: flag('false'),
    /** A local part that takes unsubscribe mails (`mailto:` in List-Unsubscribe), e.g. `unsubscribe`; unset, only the https link. */
    MAIL_UNSUBSCRIBE_TO: mailLocalPart.optional(),
    /** The DKIM selector (`<selector>._domainkey.<domain>`). */
    DKIM_SELECTOR: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/i, 'letters, digits and hyphens')
      .default('rdv1'),
    /** One DKIM private key (PEM, RSA) for every sending domain; unset, one is generated per domain and kept in the database. */
    DKIM_PRIVATE_KEY: z
      .string()
      // An environment variable often carries the PEM's line breaks as `\n`.
      .transform((value) => value.replace(/\\n/g, '\n'))
      .refine(isRsaPrivateKey, 'an RSA private key in PEM')
      .optional(),
    /** The SPF `include:` of the SMTP provider, shown in the console's DNS records (e.g. `spf.mtasv.net`). */
    MAIL_SPF_INCLUDE: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'a domain name')
      .optional(),
    /** Offer the mail/SMS outbox page at /dev/outbox (only ever while mail or SMS stay on this machine). */
    OUTBOX_PAGE: flag('true'),
    DEFAULT_SITE_DOMAIN: z.string().default('localhost'),
    /** The scheme of every link the server writes (mails, payment return and webhook URLs). */
    SITE_SCHEME: z.enum(['https', 'http']).default('https'),
    /** The port in those links when it is not the scheme's own (e.g. a proxy on :8443). */
    SITE_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** Header set by the CDN or load balancer with the visitor's ISO country code. */
    GEOIP_HEADER: z.string().toLowerCase().default('cf-ipcountry'),
    /**
     * Whose X-Forwarded-* headers to believe: `false`, the number of proxies in front of the app,
     * or their addresses/CIDRs (comma-separated). `true` believes anyone (unsafe in production).
     */
    TRUST_PROXY: z.string().refine(isTrustProxyValue, 'false, a number of proxies (e.g. 1), or their addresses/CIDRs separated by commas').default('false'),
    /**
     * On SIGTERM, how long the instance stays up answering `/readyz` with 503 before it closes
     * its sockets and stops listening, so the load balancer has stopped sending it traffic.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** How long a client may take to send a request's headers (Node's `headersTimeout`, ADR 0052). */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * How long a JSON (non-upload) body of the default size limit may take to arrive; routes that
     * take larger bodies get proportionally longer, up to REQUEST_TIMEOUT_MS (ADR 0052).
     */
    BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** The longest any request may take to arrive, uploads included (Node's `requestTimeout`). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
    /**
     * How often each open tab's session is looked up again, in seconds: the fallback that closes
     * a tab whose session ended when the bus's event about it got lost (ws-gateway.ts).
     */
    REALTIME_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Seed the demo sites and members when the database is empty. */
    SEED_DEMO: flag('true'),
    DEMO_MEMBERS: z.coerce.number().int().min(0).default(240),
    /**
     * Which payment provider takes card, iDEAL, PayPal … payments: the built-in demo, or Mollie.
     * Production has no default: without one, the credits pages say payments are unavailable.
     */
    PAYMENTS: z.enum(['demo', 'mollie']).optional(),
    /** Mollie's API key (`live_…` or `test_…`); required with PAYMENTS=mollie. */
    MOLLIE_API_KEY: z
      .string()
      .regex(/^(live|test)_\w+$/, 'a Mollie API key starts with live_ or test_')
      .optional(),
    /** Send SMS (SEPA mandate codes) through this HTTP endpoint; without it SMS go to the outbox. */
    SMS_URL: z.string().url().optional(),
    /** Bearer token for SMS_URL. */
    SMS_TOKEN: z.string().optional(),
    /**
     * Authenticates the mail provider's bounce and complaint events (`POST /api/mail-events.php`):
     * the HMAC key of `X-Rendezvous-Signature`, or the Basic password in Postmark's webhook URL.
     * Unset, the endpoint is off.
     */
    MAIL_EVENTS_SECRET: z.string().min(16, 'at least 16 characters').optional(),
    /**
     * `on`: this server also runs the background jobs (mail, purges, expiries). `off`: it only
     * answers requests, and `npm run worker` processes run the jobs (PostgreSQL only).
     */
    WORKER: z.enum(['on', 'off']).default('on'),
    /**
     * The background jobs' share of the event loop (ADR 0077): while the loop was busier than
     * this, they slow to one step per WORKER_MIN_STEP_MS. 1 = no limit. Default 0.25 inside the
     * web process (WORKER=on), 1 in `npm run worker` (its own process, at a lower priority).
     */
    WORKER_LOOP_SHARE: z.coerce.number().gt(0).max(1).optional(),
    WORKER_MIN_STEP_MS: z.coerce.number().int().min(1).max(10_000).default(200),
    /** At start, the sweeps due are run this many seconds apart instead of all at once. */
    WORKER_START_SPACING_SECONDS: z.coerce.number().min(0).max(3600).default(20),
    /**
     * Web Push (VAPID) keys, both or neither, base64url as `npx web-push generate-vapid-keys`
     * prints them. Without them a pair is generated on first start and kept in the database.
     */
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    /** Whom push services contact about our pushes: a mailto: address or an https: URL. */
    VAPID_SUBJECT: z.string().refine(isVapidSubject, 'a mailto: address or an https: URL (not on localhost)').optional(),
    /**
     * Where uploaded media go: unset keeps them in DATA_DIR on this machine; `s3://bucket/prefix`
     * puts them in S3-compatible object storage (AWS S3, R2, MinIO, Ceph RGW, Garage) so that
     * every instance serves the same photos. The bucket stays private: the app serves its objects.
     */
    STORAGE_URL: z.string().refine(isStorageUrl, 's3://<bucket>[/<prefix>] (bucket: 3–63 of a-z 0-9 . -)').optional(),
    /** The S3 API's address when it is not AWS (e.g. http://minio:9000, https://<account>.r2.cloudflarestorage.com). */
    S3_ENDPOINT: z.string().url().optional(),
    /** The bucket's region; defaults to us-east-1 when S3_ENDPOINT names a non-AWS service. */
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'a region name such as eu-central-1 or auto')
      .optional(),
    /** Both or neither: without them the SDK's own chain (instance role, AWS_* variables) is used. */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Address buckets as endpoint/bucket instead of bucket.endpoint (MinIO, Ceph and most self-hosted stores). */
    S3_FORCE_PATH_STYLE: flag('false'),
    /**
     * How long a visitor's page (home, landers, search, profiles, site pages) is served from the
     * anonymous page cache before it is rendered again (ADR 0038); 0 turns the cache off.
     * Default 10 in production, 0 in development and tests.
     */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
    /** How long after that a kept page is still served while one background render replaces it. */
    PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
    /** The memory the kept pages may take, in MB (bodies and their compressed forms). */
    PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
    /**
     * How long a member's tab (search, a profile, conversations, likes; page or data) is kept for
     * their session (ADR 0048); whatever they do, and every live event to them, drops it sooner;
     * 0 turns the cache off. Default 30 in production, 0 in development and tests.
     */
    MEMBER_PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).optional(),
    /** The memory the members' kept tabs may take, in MB. */
    MEMBER_PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
    /**
     * Prometheus metrics (ADR 0045): with it, `/metrics` on the app's port answers scrapes that
     * send `Authorization: Bearer <token>`; without it, `/metrics` there is 404. A separate
     * metrics port asks for it too when it is set.
     */
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, '16 to 256 printable characters, no spaces')
      .optional(),
    /** Also serve `/metrics` on this port of its own, bound to HOST (keep it off the public load balancer). */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** The port on which `npm run worker` serves its own `/metrics`, bound to HOST. */
    WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  })
  .refine((values) => values.PAYMENTS !== 'mollie' || !!values.MOLLIE_API_KEY, {
    message: 'MOLLIE_API_KEY is required when PAYMENTS=mollie',
    path: ['MOLLIE_API_KEY'],
  })
  .refine((values) => !values.DATABASE_READ_URL || !!values.DATABASE_URL, {
    message: 'DATABASE_READ_URL needs DATABASE_URL: it names a replica of that PostgreSQL',
    path: ['DATABASE_READ_URL'],
  })
  // The embedded database opens in one process only: no worker could run the jobs beside the server.
  .refine((values) => values.WORKER === 'on' || !!values.DATABASE_URL, {
    message: 'WORKER=off needs DATABASE_URL: on the embedded database no separate worker can run the jobs while the server runs',
    path: ['WORKER'],
  })
  .refine((values) => values.HEADERS_TIMEOUT_MS <= values.REQUEST_TIMEOUT_MS && values.BODY_TIMEOUT_MS <= values.REQUEST_TIMEOUT_MS, {
    message: 'HEADERS_TIMEOUT_MS and BODY_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS',
    path: ['REQUEST_TIMEOUT_MS'],
  })
  .refine((values) => values.METRICS_PORT === undefined || values.METRICS_PORT !== values.PORT, {
    message: 'METRICS_PORT must differ from PORT (to serve metrics on the app port, set METRICS_TOKEN alone)',
    path: ['METRICS_PORT'],
  })
  .refine((values) => !values.VAPID_PUBLIC_KEY === !values.VAPID_PRIVATE_KEY, {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .superRefine((values, context) => {
    for (const problem of findStorageProblems(values)) context.addIssue({ code: 'custom', message: problem.message, path: [problem.variable] });
  })
  .superRefine((values, context) => {
    if (!values.VAPID_PUBLIC_KEY || !values.VAPID_PRIVATE_KEY) return;
    const problem = findVapidKeyProblem({ publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY });
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['VAPID_PUBLIC_KEY'] });
  });

export type EnvValues = z.infer<typeof EnvSchema>;
export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: { dev?: boolean } = {}) {
  // An empty variable means "not set" (e.g. DATABASE_URL= in a .env file).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const isDev = overrides.dev ?? values.NODE_ENV === 'development';
  const isProduction = !isDev && values.NODE_ENV === 'production';
  if (isProduction) {
    const unsafe = findUnsafeProductionSetting(values);
    if (unsafe) throw new Error(`Unsafe configuration for production:\n  ${unsafe.variable}: ${unsafe.reason}`);
  }
  const dataDir = path.resolve(values.DATA_DIR);
  // Development and tests try purchases on the demo checkout; production only when asked to.
  const paymentProvider = values.PAYMENTS ?? (isProduction ? null : 'demo');
  return {
    isDev,
    isProduction,
    host: values.HOST,
    /** Whether others than this machine can reach the server (the demo console's published keys must not work then). */
    listensBeyondLoopback: !isLoopbackHost(values.HOST),
    port: values.PORT,
    dataDir,
    database: values.DATABASE_URL
      ? ({ kind: 'postgres', url: values.DATABASE_URL, readUrl: values.DATABASE_READ_URL } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'pglite') } as const),
    redisUrl: values.REDIS_URL,
    redisPubsub: values.REDIS_PUBSUB,
    smtpUrl: values.SMTP_URL,
    smtpBulkUrl: values.SMTP_BULK_URL,
    /** How each mail stream leaves: its sender and bounce addresses' local parts (ADR 0066). */
    mailStreams: {
      transactional: { fromLocalPart: values.MAIL_FROM ?? null, returnPathLocalPart: values.MAIL_RETURN_PATH },
      bulk: { fromLocalPart: values.MAIL_BULK_FROM ?? values.MAIL_FROM ?? null, returnPathLocalPart: values.MAIL_BULK_RETURN_PATH },
      verp: values.MAIL_VERP,
      unsubscribeLocalPart: values.MAIL_UNSUBSCRIBE_TO ?? null,
    },
    dkim: { selector: values.DKIM_SELECTOR, privateKey: values.DKIM_PRIVATE_KEY ?? null },
    mailSpfInclude: values.MAIL_SPF_INCLUDE ?? null,
    /** The outbox page exists only while mail or SMS stay on the machine. */
    outboxPage: values.OUTBOX_PAGE && (!values.SMTP_URL || !values.SMS_URL),
    defaultSiteDomain: values.DEFAULT_SITE_DOMAIN.toLowerCase(),
    /** How links to a site are written: see `createSiteUrls`. */
    siteLinks: { scheme: values.SITE_SCHEME, port: values.SITE_PORT, listenPort: values.PORT },
    geoipHeader: values.GEOIP_HEADER,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    logLevel: values.LOG_LEVEL,
    shutdownDrainMs: values.SHUTDOWN_DRAIN_MS,
    /** How long a request's headers, a JSON body and any request may take to arrive (ADR 0052). */
    requestTimeouts: { headersMs: values.HEADERS_TIMEOUT_MS, bodyMs: values.BODY_TIMEOUT_MS, requestMs: values.REQUEST_TIMEOUT_MS },
    /** The live sockets' periodic chores (ws-gateway.ts). */
    realtime: { sessionCheckMs: values.REALTIME_SESSION_CHECK_SECONDS * 1000 },
    seedDemo: values.SEED_DEMO,
    demoMembers: values.DEMO_MEMBERS,
    payments: {
      provider: paymentProvider,
      mollieApiKey: values.MOLLIE_API_KEY,
      /** Whether what members "pay" is not real money: the demo checkout or Mollie's test mode. */
      isDemo: paymentProvider === 'demo' || (paymentProvider === 'mollie' && values.MOLLIE_API_KEY?.startsWith('test_') === true),
      /** SEPA mandates need their SMS code to reach the member's phone (or the demo's outbox). */
      directDebit: paymentProvider === 'demo' || !!values.SMS_URL,
    },
    sms: { url: values.SMS_URL, token: values.SMS_TOKEN },
    mailEventsSecret: values.MAIL_EVENTS_SECRET,
    /** Whether `npm start` runs the job runner in its own process (WORKER=on, the default). */
    runsJobs: values.WORKER === 'on',
    /** How the job runner shares the process (ADR 0077): inside the web process, or as `npm run worker`. */
    jobBudget: {
      inProcessLoopShare: values.WORKER_LOOP_SHARE ?? 0.25,
      workerLoopShare: values.WORKER_LOOP_SHARE ?? 1,
      minStepMs: values.WORKER_MIN_STEP_MS,
      startSpacingMs: values.WORKER_START_SPACING_SECONDS * 1000,
    },
    push: {
      /** The configured VAPID pair; null means the one generated and kept in the database. */
      vapidKeys: values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY } : null,
      /** Null: `mailto:` the default site's support address (see `createVapidSubject`). */
      vapidSubject: values.VAPID_SUBJECT ?? null,
    },
    /** Where uploaded media live (see `createMediaStorage`). */
    storage: storageOf(values, dataDir),
    /** The anonymous page cache (ADR 0038); freshSeconds 0 is off. */
    pageCache: {
      freshSeconds: values.PAGE_CACHE_SECONDS ?? (isProduction ? 10 : 0),
      staleSeconds: values.PAGE_CACHE_STALE_SECONDS,
      maxBytes: values.PAGE_CACHE_MB * 1024 * 1024,
    },
    /** The members' tab cache (ADR 0048); freshSeconds 0 is off. */
    memberPageCache: {
      freshSeconds: values.MEMBER_PAGE_CACHE_SECONDS ?? (isProduction ? 30 : 0),
      maxBytes: values.MEMBER_PAGE_CACHE_MB * 1024 * 1024,
    },
    /** Prometheus metrics (ADR 0045): the app port's bearer token and the ports of their own. */
    metrics: { token: values.METRICS_TOKEN, port: values.METRICS_PORT, workerPort: values.WORKER_METRICS_PORT },
    /** Test and bench runs read these too, so they live here rather than in each script. */
    testDatabaseUrl: env.TEST_DATABASE_URL,
    testRedisUrl: env.TEST_REDIS_URL,
    chromiumPath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  };
}

export type { StorageConfig } from './config-storage';
export { isLoopbackHost } from './config-values';

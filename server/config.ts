import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is validated once at boot so that a
 * misconfigured deployment fails immediately with a readable message instead of at the
 * first request that needs the value.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Send mail through this SMTP server; without it mail goes to the outbox in DATA_DIR. */
  SMTP_URL: z.string().url().optional(),
  /** Show the mail/SMS outbox at /dev/outbox (only ever when mail is not really sent). */
  OUTBOX_PAGE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  DEFAULT_SITE_DOMAIN: z.string().default('localhost'),
  /** Header set by the CDN or load balancer with the visitor's ISO country code. */
  GEOIP_HEADER: z.string().toLowerCase().default('cf-ipcountry'),
  /** Trust X-Forwarded-* headers (only behind a proxy you control). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo site and members when the database is empty. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  DEMO_MEMBERS: z.coerce.number().int().min(0).default(240),
  /** Which payment provider takes card, iDEAL, PayPal … payments: the built-in demo, or Mollie. */
  PAYMENTS: z.enum(['demo', 'mollie']).default('demo'),
  /** Mollie's API key (`live_…` or `test_…`); required with PAYMENTS=mollie. */
  MOLLIE_API_KEY: z.string().optional(),
  /** Send SMS (SEPA mandate codes) through this HTTP endpoint; without it SMS go to the outbox. */
  SMS_URL: z.string().url().optional(),
  /** Bearer token for SMS_URL. */
  SMS_TOKEN: z.string().optional(),
}).refine((values) => values.PAYMENTS !== 'mollie' || !!values.MOLLIE_API_KEY, { message: 'MOLLIE_API_KEY is required when PAYMENTS=mollie', path: ['MOLLIE_API_KEY'] });

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
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    isDev,
    isProduction: !isDev && values.NODE_ENV === 'production',
    host: values.HOST,
    port: values.PORT,
    dataDir,
    database: values.DATABASE_URL
      ? ({ kind: 'postgres', url: values.DATABASE_URL } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'pglite') } as const),
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    /** The outbox page exists only while mail stays on the machine. */
    showOutbox: values.OUTBOX_PAGE && (!values.SMTP_URL || !values.SMS_URL),
    defaultSiteDomain: values.DEFAULT_SITE_DOMAIN.toLowerCase(),
    geoipHeader: values.GEOIP_HEADER,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    seedDemo: values.SEED_DEMO,
    demoMembers: values.DEMO_MEMBERS,
    payments: { provider: values.PAYMENTS, mollieApiKey: values.MOLLIE_API_KEY },
    sms: { url: values.SMS_URL, token: values.SMS_TOKEN },
    /** Test and bench runs read these too, so they live here rather than in each script. */
    testDatabaseUrl: env.TEST_DATABASE_URL,
    testRedisUrl: env.TEST_REDIS_URL,
    chromiumPath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  };
}

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * Log-in sessions. The cookie carries a random token; only its SHA-256 is stored, so a leaked
 * table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Single-use links sent by e-mail: activation, password reset, e-mail change, reactivation. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activate', 'password_reset', 'mail_change', 'reactivate'] }).notNull(),
    /** The address a mail_change token confirms. */
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('email_tokens_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
    // The dashboard counts activations per period.
    index('email_tokens_activated_idx')
      .on(table.usedAt)
      .where(sql`${table.purpose} = 'activate' and ${table.usedAt} is not null`),
  ],
);

/**
 * Failed log-ins and password checks, and reset requests, counted in a fixed window per key
 * (ADR 0019). Every key is a hash of the site, the address (known or not, so nothing here tells
 * whether an account exists) and the client; no address or IP is stored in the clear.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    kind: text('kind', { enum: ['login', 'reset', 'signup'] }).notNull(),
    /** Hash of site and address: what ties an account's counters together. */
    accountKey: text('account_key').notNull(),
    hits: integer('hits').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('auth_throttles_account_idx').on(table.accountKey, table.kind), index('auth_throttles_window_idx').on(table.windowStartedAt)],
);

/**
 * Browsers (by the hash of their long-lived device cookie) that recently proved they belong
 * to an account: a log-in, the sign-up, a password reset. They keep getting in while other
 * clients are locked out, and may ask for reset mails when strangers may not (ADR 0019).
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    accountKey: text('account_key').notNull(),
    deviceHash: text('device_hash').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountKey, table.deviceHash] }), index('trusted_devices_verified_idx').on(table.verifiedAt)],
);

/** Why members left, kept without personal data after the purge. */
export const accountDeletions = pgTable('account_deletions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  siteId: integer('site_id').notNull(),
  reason: text('reason').notNull(),
  details: text('details'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Durable background work, claimed with SKIP LOCKED so any instance or the worker may run it. */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Makes an enqueue idempotent: a second job with the same key is not added (issue 17). */
    key: text('key'),
    /** Set when the job ran out of attempts: it stays visible, and is never claimed again. */
    deadAt: timestamp('dead_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.doneAt} is null and ${table.deadAt} is null`),
    // Claims go kind by kind (per-kind concurrency): a backlog of one kind must not be scanned to find another's.
    index('jobs_kind_due_idx')
      .on(table.kind, table.runAt)
      .where(sql`${table.doneAt} is null and ${table.deadAt} is null`),
    uniqueIndex('jobs_key_idx').on(table.key),
    index('jobs_dead_idx')
      .on(table.deadAt)
      .where(sql`${table.deadAt} is not null`),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../../contract/admin/roles';
import { SUPPORTED_LANGUAGES } from '../../../contract/locales';

/**
 * The people who run the sites. Not members: own table, own sessions, own cookie. An account
 * starts `invited` (a one-time link), becomes `active` once a password and a TOTP second factor
 * are set, and is `disabled` rather than deleted, so the audit log keeps naming it.
 */
export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    status: text('status', { enum: ['invited', 'active', 'disabled'] })
      .notNull()
      .default('invited'),
    passwordHash: text('password_hash'),
    /** Base32 TOTP secret (RFC 6238); set at enrolment, confirmed by the first valid code. */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** The last time step a code was accepted for: a code is good once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** SHA-256 of the unused recovery codes; each works once. */
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    /** The most a `support` member may refund at once, in credits (set by an owner). */
    refundLimitCredits: integer('refund_limit_credits').notNull().default(0),
    /**
     * The language the console speaks to this person (issue 32): set at enrolment from the
     * browser's language, changed by them in the console. `en` until then.
     */
    consoleLanguage: text('console_language', { enum: SUPPORTED_LANGUAGES }).notNull().default('en'),
    /**
     * Goodwill credits this staff member may give (issue 33), set by an owner: at most so many in
     * one grant, and at most so many in any 30 days; 0 means none. Owners are not limited.
     */
    goodwillPerGrant: integer('goodwill_per_grant').notNull().default(0),
    goodwillPer30Days: integer('goodwill_per_30_days').notNull().default(0),
    /**
     * The sites this staff member works on (issue 32); empty for every site, which is what every
     * account had before the choice existed. Owners are never limited (kept empty). Ids of sites,
     * checked on write; a site is never deleted, so an id cannot dangle (ADR 0060).
     */
    siteIds: integer('site_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    invitedBy: integer('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /** Bumped by every change: an edit based on an older version is refused (409). */
    version: integer('version').notNull().default(1),
  },
  (table) => [uniqueIndex('staff_email_key').on(sql`lower(${table.email})`)],
);

/** One-time invitation links; only a hash is stored. */
export const staffInvitations = pgTable('staff_invitations', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/**
 * Console sessions. A session exists after the password; it is good for the console only once
 * `verified_at` is set by the second factor.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/**
 * Append-only record of every write in the console: who (and in which role), what, on which
 * target, the fields before and after, when and from where. A trigger refuses updates and
 * deletes, so not even a bug in the app can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Null for the command line (`npm run admin`). */
    staffId: integer('staff_id'),
    staffEmail: text('staff_email').notNull(),
    role: text('role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** The changed fields only: `{ before: {...}, after: {...} }`. */
    diff: jsonb('diff').$type<{ before: Record<string, unknown>; after: Record<string, unknown> }>().notNull(),
    ip: text('ip'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
    index('audit_log_staff_idx').on(table.staffId, table.at),
  ],
);

export type StaffRow = typeof staff.$inferSelect;
export type NewStaffRow = typeof staff.$inferInsert;
export type AuditRow = typeof auditLog.$inferSelect;

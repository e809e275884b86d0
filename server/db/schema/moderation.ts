import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REPORT_REASONS } from '../../../contract/reports';
import { SAFETY_CATEGORIES } from '../../../contract/safety';
import { conversations } from './chat';
import { users } from './members';
import { sites } from './sites';
import { staff } from './staff';

export const REPORT_STATUSES = ['new', 'in_progress', 'resolved', 'rejected'] as const;
export const REPORT_KINDS = ['profile', 'conversation', 'complaint'] as const;

/**
 * What members report: a profile, a conversation, or (from `/complaints`) the service itself.
 * Staff move it from new to in progress to resolved or rejected, may assign it, keep internal
 * notes and answer the reporter by e-mail. `version` guards against two staff saving at once.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    /** The reported member (also set for a conversation: the other member in it). */
    profileId: integer('profile_id').references(() => users.id, { onDelete: 'set null' }),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    text: text('text').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('new'),
    assigneeId: integer('assignee_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Staff only; the reporter never sees them. */
    notes: text('notes').notNull().default(''),
    /** The last answer e-mailed to the reporter, and when. */
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('reports_status_created_idx').on(table.status, table.createdAt, table.id),
    index('reports_created_idx').on(table.createdAt, table.id),
    // The per-member limit counts a reporter's recent reports.
    index('reports_reporter_idx').on(table.reporterId, table.createdAt),
    index('reports_profile_idx').on(table.profileId),
  ],
);

/**
 * Profile texts waiting for a moderator: a member's "about" text after someone reported them.
 * At most one open flag per profile; a moderator keeps the text or removes it with a reason.
 */
export const textFlags = pgTable(
  'text_flags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: integer('resolved_by').references(() => staff.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: ['kept', 'removed'] }),
    reason: text('reason'),
    /**
     * A text the member saved with contact details (issue 32): it waits here, not live, until a
     * moderator keeps it (then it replaces the profile's text) or removes it. Null for a flag
     * raised by a report, which is about the live text.
     */
    pendingAbout: text('pending_about'),
    /** What the safety signals found in the waiting text, for the moderator. */
    signals: text('signals', { enum: SAFETY_CATEGORIES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [
    uniqueIndex('text_flags_open_key')
      .on(table.profileId)
      .where(sql`${table.resolvedAt} is null`),
    index('text_flags_queue_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.resolvedAt} is null`),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
export type TextFlagRow = typeof textFlags.$inferSelect;

import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './members';
import { sites } from './sites';
import { staff } from './staff';

/**
 * Ready-made answers for hosts (issue 32), per site and language: an admin writes them, a host
 * picks one while answering and edits it before sending. `{name}` in the body stands for the
 * member's name, `{profile}` for the fictional profile's.
 */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** One of the eleven page languages (`en`, `de`, …). */
    language: text('language').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('canned_replies_site_language_idx').on(table.siteId, table.language)],
);

export type CannedReplyRow = typeof cannedReplies.$inferSelect;

/**
 * Hosts' notes on a member or on a fictional profile (issue 32), seen by every host who answers
 * for it: what the member told, what the profile "said" before. Plain text, never HTML.
 */
export const hostNotes = pgTable(
  'host_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The member or the fictional profile the note is about (both are `users` rows). */
    subjectId: integer('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('host_notes_subject_idx').on(table.subjectId, table.createdAt)],
);

export type HostNoteRow = typeof hostNotes.$inferSelect;

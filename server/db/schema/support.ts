import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './members';
import { staff } from './staff';

/**
 * Staff notes on a member (issue 33): what support agreed, what a moderator saw. Every staff
 * role that may open the member page reads them; plain text, never HTML. A note names its
 * author; the author's row may go (the note stays, unnamed).
 */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('member_notes_user_idx').on(table.userId, table.createdAt)],
);

/**
 * One goodwill grant (issue 33): free credits a staff member gave a member, with why. The ledger
 * entry it booked names it (`goodwill:<id>`); this row is what the staff member's 30-day limit
 * sums, by its index, without reading the ledger. The key makes a retried grant book once.
 */
export const goodwillGrants = pgTable(
  'goodwill_grants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('goodwill_grants_staff_idx').on(table.staffId, table.createdAt), uniqueIndex('goodwill_grants_key').on(table.idempotencyKey)],
);

export type MemberNoteRow = typeof memberNotes.$inferSelect;
export type GoodwillGrantRow = typeof goodwillGrants.$inferSelect;

import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { conversations } from './chat';
import { users } from './members';
import { staff } from './staff';

/**
 * The console's record of a fictional profile (issue 16): who made it and its version, so two
 * staff editing the same profile cannot overwrite each other silently. The profile itself is an
 * ordinary `users` + `profiles` pair with `users.is_fictional` set — a flag a trigger keeps from
 * ever being cleared (migration `fictional_flag_stays`).
 */
export const fictionalProfiles = pgTable('fictional_profiles', {
  profileId: integer('profile_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Bumped by every change: an edit based on an older version is refused (409). */
  version: integer('version').notNull().default(1),
});

/**
 * A host holding a conversation with a fictional profile, so that two hosts never answer the
 * same one. One row per conversation; a claim lapses at `expires_at` (renewed by the host's
 * activity), after which any host may take it.
 */
export const fictionalClaims = pgTable(
  'fictional_claims',
  {
    conversationId: integer('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('fictional_claims_staff_idx').on(table.staffId)],
);

/**
 * A member confirmed, once, that they understood the fictional-profile warning and price before
 * their first paid message to this profile; they are not asked again.
 */
export const fictionalConfirmations = pgTable(
  'fictional_confirmations',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.profileId] })],
);

export type FictionalProfileRow = typeof fictionalProfiles.$inferSelect;
export type FictionalClaimRow = typeof fictionalClaims.$inferSelect;

import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * The weeks a member was active (ADR 0065): one row per member and week (Monday, UTC) in which
 * they signed in, sent a message or had a payment credited; `paid` once a payment was credited
 * that week. Written by triggers on `sessions`, `messages` and `orders` in the same statement
 * as the fact itself (migration 0037), so it never drifts from them and no code path can forget
 * it. It is what the retention cohorts read: a year of messages is far too many rows to group
 * per request, a year of member-weeks is not. Fictional profiles are not members here.
 */
export const memberActivityWeeks = pgTable(
  'member_activity_weeks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    /** The member's sign-up week, copied at the first write: the cohort, read without a join. */
    signupWeek: date('signup_week', { mode: 'string' }).notNull(),
    paid: boolean('paid').notNull().default(false),
    /** The member's site and sign-up network, copied like the sign-up week: the keys of the figures' counts (ADR 0076), kept when the member's change. */
    siteId: integer('site_id'),
    network: text('network'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.week] }),
    // The cohort table: a range of sign-up weeks, grouped by sign-up week and week, read from the index alone.
    index('member_activity_weeks_cohort_idx').on(table.signupWeek, table.week, table.paid),
    // Active and paying members of a period.
    index('member_activity_weeks_week_idx').on(table.week, table.userId, table.paid),
  ],
);

import { bigint, date, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './members';

/*
 * The owners' figures kept as counts (ADR 0076, which builds ADR 0075): what the figures page sums,
 * counted when the facts are written, by triggers in the same statement (migration 0044).
 *
 * Every count table is append-only for the writers: a trigger adds a row of changes (+1, −1, an
 * amount) and never updates a shared row, so two members' writes never wait on each other's
 * counts, even when every member's first activity of a week lands in the same cell. A job folds
 * the rows into one per key every few minutes (`figure_counts_compact()`); readers sum whatever
 * is there, so a figure is exact whether or not the job has run.
 *
 * The keys are the member's site and sign-up traffic network (`network` null when none), the
 * two filters the page is held to its speed with; the other filters (ref, sub-ids, country)
 * read the facts.
 */

/**
 * One row per member who was ever active: the last week they were active and the last week a
 * payment of theirs was credited. Every period ends with the current week, so "active in the
 * period" is "last active week ≥ the period's first week". Kept by the activity weeks' trigger
 * with an upsert, whose row lock orders two writers of the same member, so the move from one
 * last week to the next is counted once.
 */
export const memberLastWeeks = pgTable('member_last_weeks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  siteId: integer('site_id').notNull(),
  network: text('network'),
  lastActiveWeek: date('last_active_week', { mode: 'string' }),
  lastPaidWeek: date('last_paid_week', { mode: 'string' }),
});

/** Members by their last active week (`active`) and their last paying week (`paying`). */
export const figureLastWeekCounts = pgTable(
  'figure_last_week_counts',
  {
    siteId: integer('site_id').notNull(),
    network: text('network'),
    week: date('week', { mode: 'string' }).notNull(),
    active: integer('active').notNull(),
    paying: integer('paying').notNull(),
  },
  (table) => [index('figure_last_week_counts_week_idx').on(table.week)],
);

/** The retention cells: members of a sign-up week active, and paying, in a week. */
export const figureCohortCounts = pgTable(
  'figure_cohort_counts',
  {
    siteId: integer('site_id').notNull(),
    network: text('network'),
    signupWeek: date('signup_week', { mode: 'string' }).notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    active: integer('active').notNull(),
    paying: integer('paying').notNull(),
  },
  (table) => [index('figure_cohort_counts_signup_week_idx').on(table.signupWeek)],
);

/**
 * Sign-ups by week, and how long those who bought took to buy: `delay_category` is the page's
 * delay (0 within an hour, 1 a day, 2 a week, 3 a month, 4 later; null for members who have not
 * bought), `delay_bucket` a finer step of 4 % for the median and 90th percentile.
 */
export const figureSignupCounts = pgTable(
  'figure_signup_counts',
  {
    siteId: integer('site_id').notNull(),
    network: text('network'),
    signupWeek: date('signup_week', { mode: 'string' }).notNull(),
    delayCategory: smallint('delay_category'),
    delayBucket: smallint('delay_bucket'),
    members: integer('members').notNull(),
  },
  (table) => [index('figure_signup_counts_signup_week_idx').on(table.signupWeek)],
);

/**
 * Money by week and currency, in minor units: paid (credited), refunded and charged back, each in
 * the week it happened, for the payer's site and network (null once the payer's account is
 * deleted: the money still counts for all sites, as the facts do, and for no single one).
 */
export const figureMoneyCounts = pgTable(
  'figure_money_counts',
  {
    siteId: integer('site_id'),
    network: text('network'),
    week: date('week', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    refunded: bigint('refunded', { mode: 'number' }).notNull(),
    chargedBack: bigint('charged_back', { mode: 'number' }).notNull(),
  },
  (table) => [index('figure_money_counts_week_idx').on(table.week)],
);

import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites';
import { users } from './members';

/**
 * What a visitor wrote to one profile while signing up from it (spec §3 signup form:
 * `signup_message`, target profile). It waits here, never on the new member's own profile,
 * until the address is confirmed; then it goes out once as the member's first message, priced
 * by the normal rules, and `settledAt` with `outcome` record what happened.
 */
export const signupFirstMessages = pgTable(
  'signup_first_messages',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /** sent, or why not: not_enough_credits, target_unavailable, blocked, safety_blocked (the site refuses what it contains). */
    outcome: text('outcome', { enum: ['sent', 'not_enough_credits', 'target_unavailable', 'blocked', 'safety_blocked'] }),
  },
  (table) => [index('signup_first_messages_target_idx').on(table.targetUserId)],
);

/**
 * One page view measured with the member's or visitor's consent (spec §7 page-hidden beacon,
 * §4 `lb` bounce logging): which page, how long it was on screen, and whether the visitor left
 * from it without going further. Operators read bounce per landing page from these rows.
 */
export const pageVisits = pgTable(
  'page_visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The route's path without query (e.g. `/landers/gallery`); slugs kept, ids replaced by `{id}`. */
    path: text('path').notNull(),
    /** A random id from the statistics cookie; null when the member is signed in or gave no id. */
    visitorId: text('visitor_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The page was opened with the `lb` flag: its bounce is measured. */
    bounceLogging: boolean('bounce_logging').notNull().default(false),
    /** Left the site from this page without another page view or a sign-up. */
    bounced: boolean('bounced').notNull().default(false),
    msOnPage: integer('ms_on_page').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('page_visits_site_created_idx').on(table.siteId, table.createdAt), check('page_visits_ms_on_page_range', sql`${table.msOnPage} >= 0`)],
);

/**
 * A partner's card shown among search results when a site's `member_resell` setting says so
 * (spec §2 cam-profile card, kinds `cam` and `resell`): clearly marked as a partner offer and
 * linking out. `siteId` null shows it on every site that resells.
 */
export const partnerCards = pgTable(
  'partner_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['cam', 'resell'] }).notNull(),
    name: text('name').notNull(),
    age: smallint('age'),
    city: text('city').notNull().default(''),
    /** Storage key of the re-encoded card image. */
    imageKey: text('image_key'),
    /** Absolute https URL of the partner's page; the site's tracking is added when it is shown. */
    url: text('url').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('partner_cards_site_idx').on(table.siteId, table.active)],
);

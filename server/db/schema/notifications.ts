import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites';
import { users } from './members';

/**
 * A browser's Web Push subscription (spec §7 `user.php?push=1`). One member may have several
 * (phone and desktop); the push service's endpoint identifies each, and a 404/410 from it
 * deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * Every notification sent, once per key: a retried job finds its key here and sends nothing
 * twice; the rules read the latest send per (member, kind, topic) to coalesce ("at most one
 * mail per conversation per hour").
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the send was about within its kind: a conversation id, a week, '' when nothing narrower. */
    topic: text('topic').notNull().default(''),
    channel: text('channel', { enum: ['email', 'push'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('notification_sends_latest_idx').on(table.userId, table.kind, table.topic, table.sentAt)],
);

/**
 * An operator's `news` broadcast: one text per language, sent to the members of one site (or
 * of every site when `site_id` is null) who keep `news` switched on.
 */
export const newsBroadcasts = pgTable(
  'news_broadcasts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id').references(() => sites.id),
    /** { "en": { "subject": "…", "body": "…" }, "de": { … } }: members get theirs, else the site's language, else English. */
    texts: jsonb('texts').$type<Record<string, { subject: string; body: string }>>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    sentCount: integer('sent_count').notNull().default(0),
  },
  (table) => [index('news_broadcasts_created_idx').on(table.createdAt)],
);

/**
 * Who is sending a notification right now: a notifier claims the key (per channel) before it
 * sends, so two jobs reaching one member at once (a retried batch overlapping the original, two
 * schedulers) cannot both send. A claim that outlives its lease (a crashed worker) may be taken
 * over; a failed send gives its claim back at once so the retry can send.
 */
export const notificationClaims = pgTable('notification_claims', {
  key: text('key').primaryKey(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }).notNull(),
});

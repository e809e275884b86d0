import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * What a member's sign-ups and log-ins came from (issue 32), so the console can show accounts
 * that share it: the client's IP address (a keyed hash, HMAC-SHA256 with the deployment's secret,
 * because the IPv4 space is small enough to reverse a plain hash) and the device cookie (its
 * SHA-256, as `trusted_devices` keeps it). One row per member and value, not per log-in: the
 * table grows with distinct clients, and goes with the account when it is purged.
 */
export const accountTraces = pgTable(
  'account_traces',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['ip', 'device'] }).notNull(),
    valueHash: text('value_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.valueHash] }),
    // Who else has this value: the linked accounts and the search by IP address.
    index('account_traces_value_idx').on(table.kind, table.valueHash),
  ],
);

export type AccountTraceKind = (typeof accountTraces.$inferSelect)['kind'];

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './members';
import { discountCodes, orders } from './payments';

export const DISCOUNT_RESERVATION_STATUSES = ['reserved', 'redeemed', 'released', 'forfeited'] as const;

/**
 * A single-use discount held by one order (issue 30). Made in the transaction that makes the
 * order, so a code's validity and its use commit together: the partial unique index on `scope`
 * lets only one row per scope be live (reserved or redeemed), whatever the number of orders,
 * instances or webhooks racing for it. `scope` names what may be used once: one `once` code,
 * one `once-per-user` code for one member, or one member's first-purchase discount (welcome code
 * and time bonus share it). A released or forfeited row stays as the order's history.
 */
export const discountReservations = pgTable(
  'discount_reservations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    scope: text('scope').notNull(),
    /** reserved: the order is unfinished; redeemed: paid with the discount; released: the order ended unpaid; forfeited: paid when the discount was no longer its own. */
    status: text('status', { enum: DISCOUNT_RESERVATION_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('discount_reservations_live_scope_key')
      .on(table.scope)
      .where(sql`${table.status} in ('reserved', 'redeemed')`),
    uniqueIndex('discount_reservations_live_order_key')
      .on(table.orderId)
      .where(sql`${table.status} in ('reserved', 'redeemed')`),
    index('discount_reservations_order_idx').on(table.orderId),
  ],
);

export type DiscountReservationRow = typeof discountReservations.$inferSelect;

import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in demo payment provider's own book of payments. It plays the part of an outside
 * provider, so it keeps its state apart from `orders` and the site only learns it through the
 * provider port — exactly as with Mollie.
 */
export const demoPayments = pgTable(
  'demo_payments',
  {
    id: text('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'] })
      .notNull()
      .default('open'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** Set when a paid payment was charged back (a card dispute) or returned (a SEPA return). */
    disputeKind: text('dispute_kind', { enum: ['chargeback', 'return'] }),
    disputeReason: text('dispute_reason'),
    disputedAt: timestamp('disputed_at', { withTimezone: true, mode: 'date' }),
    returnUrl: text('return_url').notNull(),
    webhookUrl: text('webhook_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('demo_payments_order_idx').on(table.orderId)],
);

export type DemoPaymentRow = typeof demoPayments.$inferSelect;

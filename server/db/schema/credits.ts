import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * Every change of a member's credits, append-only. The sum of a member's rows always equals
 * `users.credits`; the row and the balance change commit in one transaction. Rows outlive a
 * purged account (user_id becomes null) because payments must stay accountable.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', {
      enum: ['signup_bonus', 'message', 'gift', 'photo', 'purchase', 'refund', 'adjustment', 'chargeback', 'chargeback_reversal'],
    }).notNull(),
    /** What the change is for (message id, order id …). */
    reference: text('reference'),
    /** The client's idempotency key for paid actions: a retry finds the first row. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('credit_ledger_user_idx').on(table.userId, table.id), uniqueIndex('credit_ledger_idempotency_key').on(table.userId, table.idempotencyKey)],
);

export type CreditLedgerRow = typeof creditLedger.$inferSelect;

import { sql } from 'drizzle-orm';
// The kinds and resolutions the console reports are stored as they are.
import { CHARGEBACK_KINDS, DEBT_RESOLUTIONS } from '../../../contract/admin/chargebacks';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './members';
import { orders } from './payments';
import { sites } from './sites';
import { staff } from './staff';

/**
 * Money a provider took back from a paid order (issue 33), booked once per provider report:
 * `(provider, provider_chargeback_id)` is unique, so replays and concurrent webhooks insert one
 * row. The order's unused bought credits are taken back on the ledger (`reversed_credits`);
 * what the member had already spent is their debt (`debt_credits`, and its money pro rata in
 * `debt_amount`), which blocks new purchases until an operator settles or waives it.
 * `booked_at` stays empty while the order itself is not credited yet (a chargeback reported
 * before the payment): the reversal is booked when the credit is.
 */
export const chargebacks = pgTable(
  'chargebacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    provider: text('provider').notNull(),
    /** The provider's id (`chb_…` at Mollie). */
    providerChargebackId: text('provider_chargeback_id').notNull(),
    kind: text('kind', { enum: CHARGEBACK_KINDS }).notNull(),
    /** The order's payment method, kept for the ratio per method. */
    paymentMethod: text('payment_method').notNull(),
    /** Minor units of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The scheme's or bank's reason code (`AC04`, `MD06`, `4837` …), when the provider gives one. */
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    /** When the provider says it happened. */
    chargedBackAt: timestamp('charged_back_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true, mode: 'date' }),
    reversedCredits: integer('reversed_credits').notNull().default(0),
    debtCredits: integer('debt_credits').notNull().default(0),
    debtAmount: integer('debt_amount').notNull().default(0),
    debtResolution: text('debt_resolution', { enum: DEBT_RESOLUTIONS }),
    debtResolvedAt: timestamp('debt_resolved_at', { withTimezone: true, mode: 'date' }),
    debtResolvedBy: integer('debt_resolved_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('chargebacks_provider_key').on(table.provider, table.providerChargebackId),
    index('chargebacks_order_idx').on(table.orderId),
    // A purchase asks whether the member owes anything: only open debts are indexed.
    index('chargebacks_open_debt_idx')
      .on(table.userId)
      .where(sql`${table.debtAmount} > 0 and ${table.debtResolution} is null`),
    // The console's list, newest first, and the ratio per month.
    index('chargebacks_charged_back_idx').on(table.chargedBackAt, table.id),
    check(
      'chargebacks_amounts_not_negative',
      sql`${table.amount} >= 0 and ${table.debtAmount} >= 0 and ${table.debtCredits} >= 0 and ${table.reversedCredits} >= 0`,
    ),
  ],
);

/**
 * The operators' chargeback settings, one row (`id` = 1): the ratio above which the dashboard
 * warns, in basis points (100 = 1 %, where card schemes start to act).
 */
export const chargebackSettings = pgTable(
  'chargeback_settings',
  {
    id: integer('id').primaryKey().default(1),
    warningBasisPoints: integer('warning_basis_points').notNull().default(100),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('chargeback_settings_one_row', sql`${table.id} = 1`),
    check('chargeback_settings_range', sql`${table.warningBasisPoints} between 1 and 10000`),
  ],
);

export type ChargebackRow = typeof chargebacks.$inferSelect;
export type ChargebackKind = (typeof CHARGEBACK_KINDS)[number];

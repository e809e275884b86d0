import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
// The statuses the API reports are stored as they are.
import { ORDER_STATUSES } from '../../../contract/payments';
import { users } from './members';
import { sites } from './sites';

/** A price in one currency, in minor units (cents, øre, grosze). */
export interface BundlePrice {
  currency: string;
  amount: number;
}

/**
 * A credit bundle a site sells. `prices` is keyed by payment country, with `*` as the price for
 * every other country, so one bundle can cost 19.95 EUR, 17.95 GBP and 199 DKK.
 */
export const creditBundles = pgTable(
  'credit_bundles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull(),
    prices: jsonb('prices').$type<Record<string, BundlePrice>>().notNull(),
    /** Shown as the recommended choice. */
    highlighted: boolean('highlighted').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Bumped by every console edit (optimistic concurrency, like `sites.version`). */
    version: integer('version').notNull().default(1),
  },
  (table) => [index('credit_bundles_site_idx').on(table.siteId, table.sortOrder), check('credit_bundles_credits_positive', sql`${table.credits} > 0`)],
);

/**
 * One purchase attempt. Rows outlive a purged account (user_id becomes null) because payments
 * must stay accountable. `credited_at` is set in the same transaction that adds the credits and
 * only while it is null: that conditional update is what makes crediting happen exactly once.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    bundleId: integer('bundle_id').references(() => creditBundles.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull(),
    /** What the member pays, after any discount, in minor units. */
    amount: integer('amount').notNull(),
    /** The bundle's price before the discount. */
    listAmount: integer('list_amount').notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    paymentMethod: text('payment_method').notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** The provider's hosted checkout, so a retried order sends the payer back to the same payment. */
    checkoutUrl: text('checkout_url'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('open'),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    /** The client's idempotency key: a double click or retry returns the first order. */
    clientId: text('client_id').notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('orders_user_client_key').on(table.userId, table.clientId),
    uniqueIndex('orders_provider_payment_key').on(table.provider, table.providerPaymentId),
    // The console's member search by a provider's payment id, whichever provider (issue 32).
    index('orders_provider_payment_id_idx').on(table.providerPaymentId),
    index('orders_user_idx').on(table.userId, table.id),
    // The console's order list (ADR 0027): every filter it offers leads an index whose tail is
    // the list's order (created_at, id), so a page and a date range are index range scans and
    // no page sorts or counts the whole table.
    // Status, currency and amount ride along (after the key, so the order is unchanged): the
    // totals of a period then sum this index alone, without visiting the table's rows.
    index('orders_created_idx').on(table.createdAt, table.id, table.status, table.currency, table.amount),
    index('orders_status_created_idx').on(table.status, table.createdAt, table.id),
    index('orders_site_created_idx').on(table.siteId, table.createdAt, table.id),
    index('orders_method_created_idx').on(table.paymentMethod, table.createdAt, table.id),
    index('orders_amount_idx').on(table.amount, table.id),
    // The dashboard sums revenue per period.
    index('orders_credited_idx')
      .on(table.creditedAt)
      .where(sql`${table.creditedAt} is not null`),
    check('orders_amount_not_negative', sql`${table.amount} >= 0`),
  ],
);

/** Every status report about an order, from a webhook, a return to the site or a poll, as received. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['webhook', 'return', 'poll'] }).notNull(),
    reportedStatus: text('reported_status').notNull(),
    /** The order's status after the report was applied. */
    resultingStatus: text('resulting_status').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('payment_events_order_idx').on(table.orderId, table.id)],
);

/** A refund of an order's unused credits; one per order at most. */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // The dashboard counts refunds per period.
  (table) => [index('refunds_created_idx').on(table.createdAt)],
);

/**
 * A discount code (spec §3). A code may be bound to a site, a country, one member, a currency,
 * a minimum order value and a set of payment methods; `validity` says how often it may be used.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    country: text('country'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['standard', 'welcome', 'time_bonus', 'delete_discount'] })
      .notNull()
      .default('standard'),
    valuePercentage: integer('value_percentage').notNull(),
    currency: text('currency'),
    /** In minor units of `currency` (or of the order's currency when none is set). */
    minimumOrderValue: integer('minimum_order_value').notNull().default(0),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    validity: text('validity', { enum: ['once-per-user', 'once', 'unlimited'] })
      .notNull()
      .default('once-per-user'),
    /** Empty: every payment method. */
    paymentMethods: jsonb('payment_methods').$type<string[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('discount_codes_code_key').on(sql`upper(${table.code})`),
    index('discount_codes_user_idx').on(table.userId),
    // The console lists codes of one kind newest first; welcome codes (one per member) are many.
    index('discount_codes_kind_idx').on(table.kind, table.id),
    check('discount_codes_percentage_range', sql`${table.valuePercentage} between 1 and 100`),
  ],
);

/** A discount code used on a paid order. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.codeId, table.orderId] }), index('discount_redemptions_user_idx').on(table.userId, table.codeId)],
);

/** A SEPA direct debit mandate, confirmed by a code sent by SMS to the account holder's mobile. */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountHolder: text('account_holder').notNull(),
    iban: text('iban').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    mobile: text('mobile').notNull(),
    /** SHA-256 of the SMS code; the code itself is never stored. */
    smsCodeHash: text('sms_code_hash').notNull(),
    smsSentAt: timestamp('sms_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    smsSendCount: integer('sms_send_count').notNull().default(1),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('sepa_mandates_user_idx').on(table.userId, table.id),
    index('sepa_mandates_order_idx').on(table.orderId),
    // Accounts that share an IBAN or a mobile number, and the search by either (issue 32); both
    // are kept in the electronic format the mandate form normalises to.
    index('sepa_mandates_iban_idx').on(table.iban),
    index('sepa_mandates_mobile_idx').on(table.mobile),
  ],
);

export type CreditBundleRow = typeof creditBundles.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type SepaMandateRow = typeof sepaMandates.$inferSelect;

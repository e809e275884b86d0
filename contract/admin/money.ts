import { z } from 'zod';
import { named, RecordId, RecordIdParam, text } from '../inputs';
import { PAYMENT_METHODS } from '../payment-methods';
import { ORDER_STATUSES } from '../payments';
import { pageSizeParam } from './list';

/**
 * The console's money area (issue 16 item 5): orders across sites, their totals and CSV export,
 * SEPA mandates and direct-debit blocks, and discount codes. Lists page by a cursor (the sort key
 * and id of the last row shown), never by an offset or a count: see ADR 0027.
 */

/** `unpaid` is the view of payments still waiting: open or pending. */
export const ORDER_STATUS_FILTERS = [...ORDER_STATUSES, 'unpaid'] as const;
export const ORDER_SORTS = ['created', 'amount'] as const;
/** The longest period totals are summed over; longer periods go through the CSV export. */
export const TOTALS_MAX_DAYS = 31;

const pageSize = pageSizeParam(50);
/** The sort key and id of the last row of the previous page, e.g. `1732400000000.123`. */
const cursor = text()
  .max(40)
  .regex(/^-?\d{1,15}\.\d{1,10}$/, 'must be a cursor from the previous page');
const flag = z.enum(['true', 'false']);

/** The filters of the order list, its totals and its CSV export. */
export const OrderFilters = z.object({
  status: z.enum(ORDER_STATUS_FILTERS).optional(),
  /** Only orders with a refund (`true`) or without one (`false`). */
  refunded: flag.optional(),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  site_id: RecordIdParam.optional(),
  user_id: RecordIdParam.optional(),
  /** The provider's payment id, exactly as the provider shows it (`tr_…`, `demo_…`). */
  payment_id: text({ trim: true })
    .min(3)
    .max(100)
    .regex(/^[\w-]+$/, 'letters, digits, _ and - only')
    .optional(),
  /** UTC days, both inclusive. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type OrderFilters = z.infer<typeof OrderFilters>;

export const OrdersQuery = OrderFilters.extend({
  sort: z.enum(ORDER_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  after: cursor.optional(),
  page_size: pageSize,
});
export type OrdersQuery = z.infer<typeof OrdersQuery>;

export const ConsoleOrder = z.object({
  id: z.number().int(),
  created_at: z.string(),
  site_id: z.number().int(),
  site_name: z.string(),
  user_id: z.number().int().nullable(),
  /** The member's name; null once the account is purged. */
  member_name: z.string().nullable(),
  /** The member's address, only for roles that may see members (`members.read`); else null. */
  member_email: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.string(),
  provider: z.string(),
  provider_payment_id: z.string().nullable(),
  country: z.string(),
  currency: z.string(),
  /** Minor units, after any discount. */
  amount: z.number().int(),
  list_amount: z.number().int(),
  credits: z.number().int(),
  discount_code: z.string().nullable(),
  discount_percentage: z.number().int(),
  refund: z.object({ amount: z.number().int(), credits: z.number().int(), created_at: z.string() }).nullable(),
});
export type ConsoleOrder = z.infer<typeof ConsoleOrder>;

/** One page and the cursor of the next, null on the last page. */
export function cursorPage<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), next_after: z.string().nullable() });
}
export const OrdersPage = cursorPage(ConsoleOrder);

export const CurrencyTotals = z.object({
  currency: z.string(),
  paid_count: z.number().int(),
  /** Minor units. */
  paid_amount: z.number().int(),
  refunded_count: z.number().int(),
  refunded_amount: z.number().int(),
});
export const OrderTotals = z.object({ from: z.string(), to: z.string(), currencies: z.array(CurrencyTotals) });
export type OrderTotals = z.infer<typeof OrderTotals>;

export const MandatesQuery = z.object({
  /** Only mandates of members blocked for direct debit. */
  blocked: flag.optional(),
  confirmed: flag.optional(),
  user_id: RecordIdParam.optional(),
  after: cursor.optional(),
  page_size: pageSize,
});
export type MandatesQuery = z.infer<typeof MandatesQuery>;

export const ConsoleMandate = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  member_email: z.string(),
  site_id: z.number().int(),
  order_id: z.number().int(),
  account_holder: z.string(),
  /** Country code and the last four characters only: the console never shows a whole IBAN. */
  iban: z.string(),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
  direct_debit_blocked: z.boolean(),
});
export type ConsoleMandate = z.infer<typeof ConsoleMandate>;
export const MandatesPage = cursorPage(ConsoleMandate);

export const DISCOUNT_KINDS = ['standard', 'welcome', 'time_bonus', 'delete_discount'] as const;
export const DISCOUNT_VALIDITIES = ['once-per-user', 'once', 'unlimited'] as const;

export const DiscountCodesQuery = z.object({
  kind: z.enum(DISCOUNT_KINDS).default('standard'),
  status: z.enum(['active', 'inactive']).optional(),
  /** The whole code, in any case. */
  code: text({ trim: true }).max(40).optional(),
  after: cursor.optional(),
  page_size: pageSize,
});
export type DiscountCodesQuery = z.infer<typeof DiscountCodesQuery>;

export const ConsoleDiscountCode = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  site_id: z.number().int().nullable(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  value_percentage: z.number().int(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int(),
  validity: z.enum(DISCOUNT_VALIDITIES),
  payment_methods: z.array(z.string()),
  expires_at: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  created_at: z.string(),
  times_used: z.number().int(),
});
export type ConsoleDiscountCode = z.infer<typeof ConsoleDiscountCode>;
export const DiscountCodesPage = cursorPage(ConsoleDiscountCode);

/** A new discount code (spec §3 "Discount code"); empty restrictions mean "any". */
export const CreateDiscountCodeInput = z.object({
  code: text({ trim: true })
    .min(3, 'must be at least 3 characters')
    .max(32, 'must be at most 32 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'),
  site_id: RecordId.nullable().default(null),
  country: text()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as NL')
    .nullable()
    .default(null),
  user_id: RecordId.nullable().default(null),
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
  value_percentage: z.number().int().min(1).max(100),
  currency: text()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as EUR')
    .nullable()
    .default(null),
  /** Minor units (cents) of `currency`, or of the order's currency when none is set. */
  minimum_order_value: z.number().int().min(0).max(100_000_000).default(0),
  validity: z.enum(DISCOUNT_VALIDITIES).default('once-per-user'),
  /** Empty: every payment method. */
  payment_methods: z
    .array(z.enum(PAYMENT_METHODS))
    .max(PAYMENT_METHODS.length)
    .refine((methods) => new Set(methods).size === methods.length, named('no_repeats', 'lists a method twice'))
    .default([]),
});
export type CreateDiscountCodeInput = z.infer<typeof CreateDiscountCodeInput>;

export const DiscountCodeIdParams = z.object({ id: RecordIdParam });

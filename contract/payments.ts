import { z } from 'zod';
import { PAYMENT_METHODS } from './payment-methods';
import { RecordIdParam, text } from './inputs';

export const PaymentMethodId = z.enum(PAYMENT_METHODS);

/** An amount of money in minor units (cents) with its ISO 4217 currency. */
export const Money = z.object({ amount: z.number().int(), currency: z.string().length(3) });
export type Money = z.infer<typeof Money>;

/** A discount code as the client keeps it (spec §3 "Discount code", field names as given). */
export const DiscountCode = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  /** ISO time, or null for a code without an end. */
  expires: z.string().nullable(),
  value_percentage: z.number().int(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int(),
  status: z.enum(['active', 'inactive']),
  validity: z.enum(['once-per-user', 'once', 'unlimited']),
  expired: z.boolean(),
  paymentmethods: z.array(z.string()),
  kind: z.enum(['standard', 'welcome', 'time_bonus', 'delete_discount']),
});
export type DiscountCode = z.infer<typeof DiscountCode>;

export const Bundle = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  price: Money,
  /** The price after the active discount, when one applies to this bundle. */
  discounted_price: Money.nullable(),
  /** Price of one credit in minor units, rounded, for comparing bundles. */
  price_per_credit: z.number(),
  highlighted: z.boolean(),
});
export type Bundle = z.infer<typeof Bundle>;

/**
 * Money the member owes from a payment that was charged back or a direct debit their bank
 * returned, after the credits of it were already spent (ADR 0063). While one is open, no
 * purchase can start: the member is told so before they try.
 */
export const OpenDebt = z.object({
  order_id: z.number().int(),
  /** `chargeback`: a disputed card or wallet payment; `return`: a direct debit sent back by the bank. */
  kind: z.enum(['chargeback', 'return']),
  /** What is owed, in the order's currency. */
  amount: Money,
  /** When the payment was taken back. */
  charged_back_at: z.string(),
});
export type OpenDebt = z.infer<typeof OpenDebt>;

/** `GET /api/orders.php`: what the member can buy, where they pay from, and with what. */
export const BundlesResponse = z.object({
  payment_country: z.string(),
  bundles: z.array(Bundle),
  payment_methods: z.array(PaymentMethodId),
  /** The discount applied at checkout unless another code is entered. */
  discount: DiscountCode.nullable(),
  /** The last paid order, for "repeat order". */
  last_order: z.object({ bundle_id: z.number().int(), payment_method: PaymentMethodId }).nullable(),
  /** The member's open debts, oldest first; any at all and buying is refused until they are settled. */
  open_debts: z.array(OpenDebt),
});
export type BundlesResponse = z.infer<typeof BundlesResponse>;

export const ORDER_STATUSES = ['open', 'pending', 'paid', 'failed', 'cancelled', 'expired'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const Order = z.object({
  id: z.number().int(),
  status: OrderStatus,
  bundle_id: z.number().int().nullable(),
  credits: z.number().int(),
  price: Money,
  list_price: Money,
  discount_percentage: z.number().int(),
  discount_code: z.string().nullable(),
  payment_method: PaymentMethodId,
  created_at: z.string(),
  /** When the credits were added; null until paid. */
  credited_at: z.string().nullable(),
  refund: z.object({ credits: z.number().int(), price: Money, created_at: z.string() }).nullable(),
  /** Whether the member may still ask for a refund of the unused credits, and how many. */
  refundable_credits: z.number().int(),
});
export type Order = z.infer<typeof Order>;

export const CreateOrderInput = z.object({
  bundle_id: RecordIdParam,
  payment_method: PaymentMethodId,
  discount_code: text({ trim: true }).max(40).optional(),
  client_id: text().min(8).max(64),
});
export type CreateOrderInput = z.infer<typeof CreateOrderInput>;

/** `POST /api/orders.php?repeat=1`: only the idempotency key; the bundle and method are the last order's. */
export const RepeatOrderInput = z.object({ client_id: text().min(8).max(64) }).strict();

export const CreateOrderResponse = z.object({
  order: Order,
  /** Where the browser goes to pay: the provider's checkout, or the site's own SEPA form. */
  redirect_url: z.string(),
});

export const OrderStatusResponse = z.object({
  order: Order,
  credits: z.number().int(),
  paid_user: z.boolean(),
});
export type OrderStatusResponse = z.infer<typeof OrderStatusResponse>;

export const LedgerEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.enum(['signup_bonus', 'message', 'gift', 'photo', 'purchase', 'refund', 'adjustment', 'chargeback', 'chargeback_reversal']),
  order_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** `GET /api/transactions.php[?id=]`. */
export const TransactionsResponse = z.object({
  orders: z.array(Order),
  ledger: z.array(LedgerEntry),
  credits: z.number().int(),
  refund_days: z.number().int(),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;

export const RefundInput = z.object({ order_id: RecordIdParam });

/** `GET /api/discountcode.php`: a code to check against an order, or the member's welcome code. */
export const DiscountCodeQuery = z.object({
  code: text({ trim: true }).min(1).max(40).optional(),
  welcome: z.enum(['true', 'false']).optional(),
  bundle_id: RecordIdParam.optional(),
  payment_method: PaymentMethodId.optional(),
});
export type DiscountCodeQuery = z.infer<typeof DiscountCodeQuery>;
export const DiscountCodeResponse = z.object({ discountcode: DiscountCode.nullable() });
export type DiscountCodeResponse = z.infer<typeof DiscountCodeResponse>;

/** `POST /api/directdebit.php`: one body per step of the SEPA form. */
export const DirectDebitInput = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('mandate'),
    order_id: RecordIdParam,
    account_holder: text({ trim: true }).min(2).max(70),
    iban: text({ trim: true }).min(5).max(42),
    street: text({ trim: true }).min(1).max(70),
    house_number: text({ trim: true }).min(1).max(10),
    postal_code: text({ trim: true }).min(3).max(10),
    city: text({ trim: true }).min(1).max(50),
    mobile: text({ trim: true }).min(6).max(20),
    consent: z.boolean(),
  }),
  z.object({ action: z.literal('confirm'), mandate_id: RecordIdParam, code: text({ trim: true }).min(1).max(10) }),
  z.object({ action: z.literal('resend'), mandate_id: RecordIdParam }),
]);
export type DirectDebitInput = z.infer<typeof DirectDebitInput>;

export const DirectDebitResponse = z.object({
  mandate_id: z.number().int(),
  /** The mobile number the code went to, masked except its last digits. */
  sms_sent_to: z.string(),
  order: Order,
});
export type DirectDebitResponse = z.infer<typeof DirectDebitResponse>;

import { z } from 'zod';
import { RecordIdParam, text } from '../inputs';
import { pageSizeParam } from './list';

/**
 * Chargebacks and SEPA returns in the console (issue 33): the list beside the orders, the
 * operator's decision on a member's debt, and the chargeback ratio with its warning threshold.
 */

/** A card or wallet chargeback, or a SEPA direct debit returned by the payer's bank. */
export const CHARGEBACK_KINDS = ['chargeback', 'return'] as const;
/**
 * How a member's debt is closed: paid some other way or forgiven (an operator's decision), or
 * `reversed` — the provider reversed the chargeback (the merchant won the dispute), which closes
 * a chargeback with or without debt.
 */
export const DEBT_RESOLUTIONS = ['settled', 'waived', 'reversed'] as const;

const flag = z.enum(['true', 'false']);
const cursor = text()
  .max(40)
  .regex(/^-?\d{1,15}\.\d{1,10}$/, 'must be a cursor from the previous page');

export const ChargebacksQuery = z.object({
  kind: z.enum(CHARGEBACK_KINDS).optional(),
  /** Only chargebacks whose debt is still open (`true`). */
  open_debt: flag.optional(),
  site_id: RecordIdParam.optional(),
  user_id: RecordIdParam.optional(),
  after: cursor.optional(),
  page_size: pageSizeParam(50),
});
export type ChargebacksQuery = z.infer<typeof ChargebacksQuery>;

export const ConsoleChargeback = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  site_id: z.number().int(),
  site_name: z.string(),
  user_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  member_email: z.string().nullable(),
  kind: z.enum(CHARGEBACK_KINDS),
  provider: z.string(),
  payment_method: z.string(),
  currency: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  order_amount: z.number().int(),
  reason_code: z.string().nullable(),
  reason_text: z.string().nullable(),
  charged_back_at: z.string(),
  /** Null while the order is not credited yet: nothing to take back so far. */
  booked_at: z.string().nullable(),
  reversed_credits: z.number().int(),
  debt_credits: z.number().int(),
  /** Minor units of `currency`. */
  debt_amount: z.number().int(),
  debt_resolution: z.enum(DEBT_RESOLUTIONS).nullable(),
  debt_resolved_at: z.string().nullable(),
});
export type ConsoleChargeback = z.infer<typeof ConsoleChargeback>;
export const ChargebacksPage = z.object({ items: z.array(ConsoleChargeback), next_after: z.string().nullable() });

export const ChargebackIdParams = z.object({ id: RecordIdParam });
export const ResolveDebtInput = z.object({ resolution: z.enum(['settled', 'waived']) });
export type ResolveDebtInput = z.infer<typeof ResolveDebtInput>;

export const ChargebackRatioQuery = z.object({ site_id: RecordIdParam.optional() });

/** One site's payment method in one month: paid orders, chargebacks and their ratio. */
export const ChargebackRatioRow = z.object({
  /** `YYYY-MM`, UTC. */
  month: z.string(),
  site_id: z.number().int(),
  site_name: z.string(),
  payment_method: z.string(),
  /** Orders credited in the month. */
  paid: z.number().int(),
  /** Chargebacks and returns dated in the month. */
  chargebacks: z.number().int(),
  /** `chargebacks / paid` (0–1), null without paid orders. */
  ratio: z.number().nullable(),
  /** Above the warning threshold (a chargeback without any paid order counts as above). */
  above_threshold: z.boolean(),
});
export type ChargebackRatioRow = z.infer<typeof ChargebackRatioRow>;

export const ChargebackRatios = z.object({
  /** The current month and the eleven before it. */
  from_month: z.string(),
  warning_percent: z.number(),
  rows: z.array(ChargebackRatioRow),
});
export type ChargebackRatios = z.infer<typeof ChargebackRatios>;

export const ChargebackSettings = z.object({ warning_percent: z.number() });
export type ChargebackSettings = z.infer<typeof ChargebackSettings>;
/** The ratio above which the dashboard warns, in percent with up to two decimals (card schemes act at about 1 %). */
export const UpdateChargebackSettingsInput = z.object({
  warning_percent: z
    .number()
    .min(0.01, 'must be at least 0.01')
    .max(100, 'must be at most 100')
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals'),
});
export type UpdateChargebackSettingsInput = z.infer<typeof UpdateChargebackSettingsInput>;

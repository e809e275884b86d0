import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';
import { RecordIdParam, text } from '../inputs';

/** How far back the owners' figures look: whole weeks (Monday to Sunday, UTC), the current one last. */
export const FIGURES_PERIODS = ['4w', '13w', '26w', '52w'] as const;
export type FiguresPeriod = (typeof FIGURES_PERIODS)[number];

/** The sign-up's traffic source as the sign-up form stored it (spec: network, ref, sub1–sub3). */
const source = (max: number) => text({ trim: true }).min(1).max(max).optional();

/** `GET /api/admin/figures` and its CSV: the period and which members count. */
export const BusinessFiguresQuery = z.object({
  period: z.enum(FIGURES_PERIODS).default('13w'),
  /** Members who signed up on this site; every site when absent. */
  site_id: RecordIdParam.optional(),
  network: source(64),
  ref: source(64),
  sub1: source(128),
  sub2: source(128),
  sub3: source(128),
  /** The country on the member's profile. */
  country: z.enum(COUNTRY_CODES as [string, ...string[]]).optional(),
});
export type BusinessFiguresQuery = z.infer<typeof BusinessFiguresQuery>;

/** What the period's money came to in one currency, in minor units. */
export const NetRevenue = z.object({
  currency: z.string(),
  /** Payments credited in the period. */
  paid: z.number().int(),
  /** Refunds made in the period. */
  refunded: z.number().int(),
  /** Payments taken back by the payer's bank in the period (0 until chargebacks are recorded). */
  charged_back: z.number().int(),
  net: z.number().int(),
  /** Net revenue per active member, in minor units (rounded); null without active members. */
  arpu: z.number().int().nullable(),
  /** Net revenue per paying member, in minor units (rounded); null without payers. */
  arppu: z.number().int().nullable(),
});
export type NetRevenue = z.infer<typeof NetRevenue>;

/** How long sign-ups took to pay for the first time. */
export const FIRST_PURCHASE_DELAYS = ['within_hour', 'within_day', 'within_week', 'within_month', 'later'] as const;
export type FirstPurchaseDelay = (typeof FIRST_PURCHASE_DELAYS)[number];

/** One sign-up week and how many of its members were active, and paying, in each week after. */
export const Cohort = z.object({
  /** The Monday the week starts (UTC), YYYY-MM-DD. */
  week: z.string(),
  size: z.number().int(),
  /** Index 0 is the sign-up week itself; one value per week up to the period's last. */
  active: z.array(z.number().int()),
  paying: z.array(z.number().int()),
});
export type Cohort = z.infer<typeof Cohort>;

export const BusinessFigures = z.object({
  period: z.enum(FIGURES_PERIODS),
  /** The first day of the period and the day after its last (YYYY-MM-DD, UTC). */
  from: z.string(),
  to: z.string(),
  filters: z.object({
    site_id: z.number().int().nullable(),
    network: z.string().nullable(),
    ref: z.string().nullable(),
    sub1: z.string().nullable(),
    sub2: z.string().nullable(),
    sub3: z.string().nullable(),
    country: z.string().nullable(),
  }),
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  members: z.object({
    /** Members active in the period (see ADR 0065 for "active"). */
    active: z.number().int(),
    /** Members with a payment credited in the period. */
    paying: z.number().int(),
  }),
  revenue: z.array(NetRevenue),
  conversion: z.object({
    /** Members who signed up in the period. */
    signups: z.number().int(),
    /** Of them, those who have paid since. */
    buyers: z.number().int(),
    /** buyers ÷ signups (0–1); null without sign-ups. */
    rate: z.number().nullable(),
  }),
  time_to_first_purchase: z.object({
    median_hours: z.number().nullable(),
    p90_hours: z.number().nullable(),
    delays: z.array(z.object({ delay: z.enum(FIRST_PURCHASE_DELAYS), buyers: z.number().int() })),
  }),
  cohorts: z.array(Cohort),
});
export type BusinessFigures = z.infer<typeof BusinessFigures>;

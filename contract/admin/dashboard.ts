import { z } from 'zod';
import { RecordIdParam } from '../inputs';

/** The periods the dashboard shows: 24 hourly, 30 daily or 12 monthly buckets, ending now (UTC). */
export const DASHBOARD_RANGES = ['24h', '30d', '12m'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const DashboardQuery = z.object({
  range: z.enum(DASHBOARD_RANGES).default('30d'),
  /** One site, or all sites when absent. */
  site_id: RecordIdParam.optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

const counts = z.array(z.number().int());
const moneyTotal = z.object({ currency: z.string(), amount: z.number().int() });

export const Dashboard = z.object({
  range: z.enum(DASHBOARD_RANGES),
  site_id: z.number().int().nullable(),
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The start of each bucket, ISO 8601 in UTC; every series has one value per bucket. */
  buckets: z.array(z.string()),
  series: z.object({
    signups: counts,
    activations: counts,
    messages: counts,
    first_purchases: counts,
    refunds: counts,
  }),
  /** Credited payments per currency and bucket, in minor units. */
  revenue: z.array(z.object({ currency: z.string(), amounts: counts, total: z.number().int() })),
  totals: z.object({
    signups: z.number().int(),
    activations: z.number().int(),
    /** Members (not fictional, not deleted) seen on the site during the period. */
    active_members: z.number().int(),
    messages: z.number().int(),
    first_purchases: z.number().int(),
    /** Of the members who signed up in the period, the share who have paid since (0–1); null without sign-ups. */
    conversion: z.number().nullable(),
    refunds: z.number().int(),
    refunded: z.array(moneyTotal),
  }),
  /** Work waiting for staff now, whatever the period. */
  queues: z.object({ pending_photos: z.number().int(), flagged_texts: z.number().int(), open_reports: z.number().int() }),
});
export type Dashboard = z.infer<typeof Dashboard>;

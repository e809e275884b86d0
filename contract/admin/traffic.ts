import { z } from 'zod';
import { RecordIdParam } from '../inputs';

/**
 * The console's traffic page (issue 18): per site and period, sign-ups per tracking network and
 * ref, and per landing page its visits, bounces and time on page. Periods are whole UTC days.
 */
export const TRAFFIC_DEFAULT_DAYS = 7;
export const TRAFFIC_MAX_DAYS = 92;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day, as the money pages take theirs (real dates only: no 30 February). */
const day = z.iso.date();

/** The days from `from` to `to`, both included; null when either is not a date. */
export function periodDays(from: string, to: string): number | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  return Number.isNaN(start) || Number.isNaN(end) ? null : Math.round((end - start) / DAY_MS) + 1;
}

/** Why a period cannot be shown, or null when it can: the page says so before asking the API. */
export function periodProblem(from: string, to: string): 'format' | 'order' | 'too_long' | null {
  if (!day.safeParse(from).success || !day.safeParse(to).success) return 'format';
  const days = periodDays(from, to) ?? 0;
  if (days < 1) return 'order';
  return days > TRAFFIC_MAX_DAYS ? 'too_long' : null;
}

export const TrafficQuery = z
  .object({
    /** The site; the first by name when absent. */
    site_id: RecordIdParam.optional(),
    /** First day (UTC) of the period; with `to`, or neither for the last 7 days. */
    from: day.optional(),
    /** Last day (UTC), included. */
    to: day.optional(),
  })
  .superRefine((query, context) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      context.addIssue({ code: 'custom', path: [query.from === undefined ? 'from' : 'to'], message: 'give both ends of the period, or neither' });
    } else if (query.from && query.to && periodProblem(query.from, query.to)) {
      context.addIssue({ code: 'custom', path: ['to'], message: `must be on or after from, at most ${TRAFFIC_MAX_DAYS} days later` });
    }
  });
export type TrafficQuery = z.infer<typeof TrafficQuery>;

export const TrafficReport = z.object({
  site: z.object({ id: z.number().int(), name: z.string() }),
  /** The sites the staff member may see (ADR 0060), for choosing another. */
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  from: z.string(),
  to: z.string(),
  /** Members who signed up on the site in the period, by where they came from (null: no tracking). */
  signups: z.array(z.object({ network: z.string().nullable(), ref: z.string().nullable(), count: z.number().int() })),
  signups_total: z.number().int(),
  /** Pages opened with `?lb` (landing pages), most visited first. */
  landing_pages: z.array(
    z.object({
      path: z.string(),
      visits: z.number().int(),
      bounces: z.number().int(),
      /** bounces / visits (0–1). */
      bounce_rate: z.number(),
      /** Median milliseconds on the page. */
      median_ms: z.number().int(),
    }),
  ),
});
export type TrafficReport = z.infer<typeof TrafficReport>;

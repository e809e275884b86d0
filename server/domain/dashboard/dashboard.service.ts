import type { Dashboard, DashboardQuery, DashboardRange } from '../../../contract/admin/dashboard';
import type { BucketUnit, BucketValue, DashboardRepository, DashboardWindow } from '../../db/repositories/dashboard.repository';
import type { SitesRepository } from '../../db/repositories/sites.repository';
import type { Clock } from '../shared/clock';
import { allowedSites, narrowScope, type SiteScope } from '../staff/site-scope';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Each range's buckets: how many, how wide. */
const RANGES: Record<DashboardRange, { unit: BucketUnit; count: number }> = {
  '24h': { unit: 'hour', count: 24 },
  '30d': { unit: 'day', count: 30 },
  '12m': { unit: 'month', count: 12 },
};

/** The start of the bucket `now` is in, and of the `back`-th bucket before it (UTC). */
function bucketStart(now: Date, unit: BucketUnit, back: number): Date {
  if (unit === 'hour') return new Date(Math.floor(now.getTime() / HOUR) * HOUR - back * HOUR);
  if (unit === 'day') return new Date(Math.floor(now.getTime() / DAY) * DAY - back * DAY);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

/**
 * The buckets of a range, oldest first, ending with the one that holds `now` (so "24 h" is the
 * current hour and the 23 before it).
 */
export function dashboardBuckets(range: DashboardRange, now: Date): { unit: BucketUnit; starts: Date[]; to: Date } {
  const { unit, count } = RANGES[range];
  const starts = Array.from({ length: count }, (_, index) => bucketStart(now, unit, count - 1 - index));
  return { unit, starts, to: bucketStart(now, unit, -1) };
}

/** Values keyed by bucket start laid out over every bucket, zero where nothing happened. */
function spread(starts: Date[], rows: BucketValue[]): number[] {
  const byStart = new Map<number, number>();
  for (const row of rows) byStart.set(row.bucket * 1000, (byStart.get(row.bucket * 1000) ?? 0) + row.value);
  return starts.map((start) => byStart.get(start.getTime()) ?? 0);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The console's dashboard: a site's (or every site's) figures over a period, bucket by bucket. */
export interface QueueSizes {
  pendingPhotos: number;
  flaggedTexts: number;
  openReports: number;
}

export function createDashboardService(deps: {
  dashboard: DashboardRepository;
  sites: Pick<SitesRepository, 'names'>;
  clock: Clock;
  queueSizes: (sites: SiteScope) => Promise<QueueSizes>;
}) {
  return {
    /**
     * The figures of the chosen site, or of every site the staff member may see (ADR 0060); a
     * site outside `scope` counts nothing, and the site picker offers only the allowed ones.
     */
    async figures(query: DashboardQuery, scope: SiteScope): Promise<Dashboard> {
      const { unit, starts, to } = dashboardBuckets(query.range, deps.clock.now());
      const window: DashboardWindow = { unit, from: starts[0], to, sites: narrowScope(scope, query.site_id) };
      const [sites, signups, signupsWhoPaid, activations, activeMembers, messages, firstPurchases, revenue, refunds, queues] = await Promise.all([
        deps.sites.names().then((names) => allowedSites(scope, names)),
        deps.dashboard.signups(window),
        deps.dashboard.signupsWhoPaid(window),
        deps.dashboard.activations(window),
        deps.dashboard.activeMembers(window),
        deps.dashboard.messages(window),
        deps.dashboard.firstPurchases(window),
        deps.dashboard.revenue(window),
        deps.dashboard.refunds(window),
        deps.queueSizes(window.sites),
      ]);

      const series = {
        signups: spread(starts, signups),
        activations: spread(starts, activations),
        messages: spread(starts, messages),
        first_purchases: spread(starts, firstPurchases),
        refunds: spread(starts, refunds),
      };
      const currencies = [...new Set(revenue.map((row) => row.currency))].sort();
      const revenueByCurrency = currencies.map((currency) => {
        const amounts = spread(
          starts,
          revenue.filter((row) => row.currency === currency),
        );
        return { currency, amounts, total: sum(amounts) };
      });
      const refunded = [...new Set(refunds.map((row) => row.currency))].sort().map((currency) => ({
        currency,
        amount: sum(refunds.filter((row) => row.currency === currency).map((row) => row.amount)),
      }));
      const signupTotal = sum(series.signups);

      return {
        range: query.range,
        site_id: query.site_id ?? null,
        sites,
        buckets: starts.map((start) => start.toISOString()),
        series,
        revenue: revenueByCurrency,
        totals: {
          signups: signupTotal,
          activations: sum(series.activations),
          active_members: activeMembers,
          messages: sum(series.messages),
          first_purchases: sum(series.first_purchases),
          conversion: signupTotal ? signupsWhoPaid / signupTotal : null,
          refunds: sum(series.refunds),
          refunded,
        },
        queues: { pending_photos: queues.pendingPhotos, flagged_texts: queues.flaggedTexts, open_reports: queues.openReports },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;

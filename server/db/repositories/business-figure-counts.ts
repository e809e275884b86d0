import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import type { CohortCell, CurrencyAmount, DelayCount, DelaySummary, FiguresWindow } from './business-figures.types';
import { delaySummary } from './figure-delay-histogram';
import { siteCondition } from './site-scope-filter';

/**
 * The owners' figures from the counts kept by week (ADR 0076, migration 0044): each figure is a
 * sum over at most a few rows per site, network and week, whatever the number of members, so
 * the page costs the same at a million members as at a thousand. Only the site and network
 * filters can be answered here; `createBusinessFiguresRepository` sends the others to the facts.
 *
 * "Active in the period" is read as "last active week ≥ the period's first week": exact because
 * every period ends with the current week, so nobody's last week lies past it.
 */
export function createBusinessFigureCounts(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const day = (date: Date) => sql`${date.toISOString().slice(0, 10)}::date`;
  /** The site and network conditions on a count table `c`, and `true` when neither is set. */
  const keys = (window: FiguresWindow): SQL => {
    const parts: SQL[] = [];
    const sites = siteCondition(sql`c.site_id`, window.sites);
    if (sites) parts.push(sites);
    if (window.network !== null) parts.push(sql`c.network = ${window.network}`);
    return parts.length ? sql.join(parts, sql` and `) : sql`true`;
  };
  const money = async (window: FiguresWindow, column: SQL): Promise<CurrencyAmount[]> => {
    const rows = await rowsOf<CurrencyAmount>(sql`
      select c.currency, sum(${column})::bigint as amount
      from figure_money_counts c
      where c.week >= ${day(window.from)} and c.week < ${day(window.to)} and ${keys(window)}
      group by 1 having sum(${column}) <> 0`);
    return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
  };
  /** The period's sign-ups, by sign-up week and delay to a first purchase. */
  const signups = (window: FiguresWindow) =>
    sql`figure_signup_counts c where c.signup_week >= ${day(window.from)} and c.signup_week < ${day(window.to)} and ${keys(window)}`;

  return {
    paid: (window: FiguresWindow) => money(window, sql`c.paid`),
    refunded: (window: FiguresWindow) => money(window, sql`c.refunded`),
    chargedBack: (window: FiguresWindow) => money(window, sql`c.charged_back`),

    async activeAndPaying(window: FiguresWindow): Promise<{ active: number; paying: number }> {
      const [row] = await rowsOf<{ active: string | null; paying: string | null }>(sql`
        select sum(c.active) as active, sum(c.paying) as paying
        from figure_last_week_counts c
        where c.week >= ${day(window.from)} and ${keys(window)}`);
      return { active: Number(row?.active ?? 0), paying: Number(row?.paying ?? 0) };
    },

    async conversion(window: FiguresWindow): Promise<{ signups: number; buyers: number }> {
      const [row] = await rowsOf<{ signups: string | null; buyers: string | null }>(sql`
        select sum(c.members) as signups, sum(c.members) filter (where c.delay_category is not null) as buyers from ${signups(window)}`);
      return { signups: Number(row?.signups ?? 0), buyers: Number(row?.buyers ?? 0) };
    },

    async timeToFirstPurchase(window: FiguresWindow): Promise<DelaySummary> {
      const rows = await rowsOf<{ category: number; bucket: number; buyers: string }>(sql`
        select c.delay_category as category, c.delay_bucket as bucket, sum(c.members) as buyers
        from ${signups(window)} and c.delay_category is not null
        group by 1, 2`);
      const counts: DelayCount[] = rows.map((row) => ({ category: Number(row.category), bucket: Number(row.bucket), buyers: Number(row.buyers) }));
      return delaySummary(counts);
    },

    async cohortSizes(window: FiguresWindow): Promise<{ cohortWeek: number; size: number }[]> {
      const rows = await rowsOf<{ cohort_week: number; size: string }>(sql`
        select (c.signup_week - ${day(window.from)}) / 7 as cohort_week, sum(c.members) as size
        from ${signups(window)}
        group by c.signup_week having sum(c.members) <> 0`);
      return rows.map((row) => ({ cohortWeek: Number(row.cohort_week), size: Number(row.size) }));
    },

    async cohortCells(window: FiguresWindow): Promise<CohortCell[]> {
      const rows = await rowsOf<{ cohort_week: number; week: number; active: string; paying: string }>(sql`
        select (c.signup_week - ${day(window.from)}) / 7 as cohort_week, (c.week - ${day(window.from)}) / 7 as week,
               sum(c.active) as active, sum(c.paying) as paying
        from figure_cohort_counts c
        where c.signup_week >= ${day(window.from)} and c.signup_week < ${day(window.to)} and c.week < ${day(window.to)} and ${keys(window)}
        group by c.signup_week, c.week having sum(c.active) <> 0 or sum(c.paying) <> 0`);
      return rows.map((row) => ({ cohortWeek: Number(row.cohort_week), week: Number(row.week), active: Number(row.active), paying: Number(row.paying) }));
    },

    /** Folds each count table to one row per key (the `figure_counts_compact` job). */
    async compact(): Promise<void> {
      await db.execute(sql`select figure_counts_compact()`);
    },
  };
}

export type BusinessFigureCounts = ReturnType<typeof createBusinessFigureCounts>;

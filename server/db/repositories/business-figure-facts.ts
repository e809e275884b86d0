import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import type { CohortCell, CurrencyAmount, DelaySummary, FiguresWindow } from './business-figures.types';
import { siteCondition } from './site-scope-filter';

const WEEK_SECONDS = 7 * 24 * 3600;

/**
 * The owners' figures (ADR 0065), each one query on the facts: members (`users`, their
 * profile's country), payments (`orders` credited), `refunds`, and the weeks each member was
 * active (`member_activity_weeks`, written by triggers with every sign-in, message sent and
 * payment credited). The page reads the counts instead (ADR 0076) unless a filter the counts
 * are not keyed by is set (ref, a sub-id, a country); these queries are also what the counts
 * are tested against.
 *
 * Every figure is about the members the window selects (the site they signed up on, their
 * sign-up's traffic source, their profile's country; never fictional profiles), so a payment
 * counts for the site its payer belongs to. Without a filter no query joins `users` at all.
 */
export function createBusinessFigureFacts(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  /** The window's conditions on `users u`, none when every member counts. */
  const filters = (window: FiguresWindow): SQL[] => {
    const parts: SQL[] = [];
    const sites = siteCondition(sql`u.site_id`, window.sites);
    if (sites) parts.push(sites);
    if (window.network !== null) parts.push(sql`u.tracking_network = ${window.network}`);
    if (window.ref !== null) parts.push(sql`u.tracking_ref = ${window.ref}`);
    if (window.sub1 !== null) parts.push(sql`u.tracking_sub1 = ${window.sub1}`);
    if (window.sub2 !== null) parts.push(sql`u.tracking_sub2 = ${window.sub2}`);
    if (window.sub3 !== null) parts.push(sql`u.tracking_sub3 = ${window.sub3}`);
    if (window.country !== null) parts.push(sql`exists (select 1 from profiles p where p.id = u.id and p.country = ${window.country})`);
    return parts;
  };
  /** `join users u … and <filters>` onto a member id column, or nothing when no filter is set. */
  const joinMembers = (window: FiguresWindow, memberId: SQL): SQL => {
    const parts = filters(window);
    return parts.length ? sql` join users u on u.id = ${memberId} and not u.is_fictional and ${sql.join(parts, sql` and `)}` : sql``;
  };
  /** Conditions on `users u` itself: not fictional, and the filters. */
  const memberFilter = (window: FiguresWindow): SQL => sql.join([sql`not u.is_fictional`, ...filters(window)], sql` and `);
  const fromDay = (window: FiguresWindow) => sql`${window.from.toISOString().slice(0, 10)}::date`;
  const toDay = (window: FiguresWindow) => sql`${window.to.toISOString().slice(0, 10)}::date`;

  return {
    /** Payments credited in the window, per currency (minor units). */
    async paid(window: FiguresWindow): Promise<CurrencyAmount[]> {
      return amounts(
        await rowsOf<CurrencyAmount>(sql`
          select o.currency, sum(o.amount)::bigint as amount
          from orders o${joinMembers(window, sql`o.user_id`)}
          where o.credited_at >= ${window.from} and o.credited_at < ${window.to}
          group by 1`),
      );
    },

    /** Refunds made in the window, per currency (minor units). */
    async refunded(window: FiguresWindow): Promise<CurrencyAmount[]> {
      return amounts(
        await rowsOf<CurrencyAmount>(sql`
          select r.currency, sum(r.amount)::bigint as amount
          from refunds r join orders o on o.id = r.order_id${joinMembers(window, sql`o.user_id`)}
          where r.created_at >= ${window.from} and r.created_at < ${window.to}
          group by 1`),
      );
    },

    /** Payments the payer's bank took back in the window (chargebacks and returned SEPA debits), per currency. */
    async chargedBack(window: FiguresWindow): Promise<CurrencyAmount[]> {
      return amounts(
        await rowsOf<CurrencyAmount>(sql`
          select c.currency, sum(c.amount)::bigint as amount
          from chargebacks c${joinMembers(window, sql`c.user_id`)}
          where c.charged_back_at >= ${window.from} and c.charged_back_at < ${window.to}
          group by 1`),
      );
    },

    /** Members active in the window, and those of them with a payment credited in it. */
    async activeAndPaying(window: FiguresWindow): Promise<{ active: number; paying: number }> {
      const [row] = await rowsOf<{ active: number; paying: number }>(sql`
        select count(*)::int as active, count(*) filter (where a.paid)::int as paying
        from (select w.user_id, bool_or(w.paid) as paid
              from member_activity_weeks w${joinMembers(window, sql`w.user_id`)}
              where w.week >= ${fromDay(window)} and w.week < ${toDay(window)}
              group by w.user_id) a`);
      return { active: Number(row?.active ?? 0), paying: Number(row?.paying ?? 0) };
    },

    /** Members who signed up in the window, and of them those who have paid since (by now). */
    async conversion(window: FiguresWindow): Promise<{ signups: number; buyers: number }> {
      const [row] = await rowsOf<{ signups: number; buyers: number }>(sql`
        select count(*)::int as signups, count(u.paid_at)::int as buyers
        from users u
        where u.created_at >= ${window.from} and u.created_at < ${window.to} and ${memberFilter(window)}`);
      return { signups: Number(row?.signups ?? 0), buyers: Number(row?.buyers ?? 0) };
    },

    /**
     * How long the window's sign-ups who have paid took to pay: the median and 90th percentile
     * in hours, and how many paid within an hour, a day, a week, a month, or later.
     */
    async timeToFirstPurchase(window: FiguresWindow): Promise<DelaySummary> {
      const [row] = await rowsOf<Record<string, number | string | null>>(sql`
        select percentile_cont(0.5) within group (order by d.hours) as median_hours,
               percentile_cont(0.9) within group (order by d.hours) as p90_hours,
               count(*) filter (where d.hours < 1)::int as within_hour,
               count(*) filter (where d.hours >= 1 and d.hours < 24)::int as within_day,
               count(*) filter (where d.hours >= 24 and d.hours < 168)::int as within_week,
               count(*) filter (where d.hours >= 168 and d.hours < 720)::int as within_month,
               count(*) filter (where d.hours >= 720)::int as later
        from (select date_part('epoch', u.paid_at - u.created_at) / 3600 as hours
              from users u
              where u.created_at >= ${window.from} and u.created_at < ${window.to} and u.paid_at is not null and ${memberFilter(window)}) d`);
      const numberOrNull = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));
      return {
        medianHours: numberOrNull(row?.median_hours),
        p90Hours: numberOrNull(row?.p90_hours),
        withinHour: Number(row?.within_hour ?? 0),
        withinDay: Number(row?.within_day ?? 0),
        withinWeek: Number(row?.within_week ?? 0),
        withinMonth: Number(row?.within_month ?? 0),
        later: Number(row?.later ?? 0),
      };
    },

    /** How many members signed up in each week of the window. */
    async cohortSizes(window: FiguresWindow): Promise<{ cohortWeek: number; size: number }[]> {
      const rows = await rowsOf<{ cohort_week: number; size: number }>(sql`
        select floor(date_part('epoch', u.created_at - ${window.from}::timestamptz) / ${WEEK_SECONDS})::int as cohort_week, count(*)::int as size
        from users u
        where u.created_at >= ${window.from} and u.created_at < ${window.to} and ${memberFilter(window)}
        group by 1`);
      return rows.map((row) => ({ cohortWeek: Number(row.cohort_week), size: Number(row.size) }));
    },

    /**
     * The retention table: for each sign-up week of the window and each week since, how many of
     * its members were active, and how many paid — grouped straight from the activity weeks'
     * (sign-up week, week, paid) index.
     */
    async cohortCells(window: FiguresWindow): Promise<CohortCell[]> {
      const rows = await rowsOf<{ cohort_week: number; week: number; active: number; paying: number }>(sql`
        select (w.signup_week - ${fromDay(window)}) / 7 as cohort_week, (w.week - ${fromDay(window)}) / 7 as week,
               count(*)::int as active, count(*) filter (where w.paid)::int as paying
        from member_activity_weeks w${joinMembers(window, sql`w.user_id`)}
        where w.signup_week >= ${fromDay(window)} and w.signup_week < ${toDay(window)} and w.week < ${toDay(window)}
        group by w.signup_week, w.week`);
      return rows.map((row) => ({ cohortWeek: Number(row.cohort_week), week: Number(row.week), active: Number(row.active), paying: Number(row.paying) }));
    },
  };
}

function amounts(rows: CurrencyAmount[]): CurrencyAmount[] {
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}

export type BusinessFigureFacts = ReturnType<typeof createBusinessFigureFacts>;

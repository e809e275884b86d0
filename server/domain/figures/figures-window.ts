import type { BusinessFiguresQuery, FiguresPeriod } from '../../../contract/admin/business-figures';
import type { FiguresWindow } from '../../db/repositories/business-figures.repository';
import { narrowScope, type SiteScope } from '../staff/site-scope';

const DAY = 86_400_000;
const WEEK = 7 * DAY;

export const PERIOD_WEEKS: Record<FiguresPeriod, number> = { '4w': 4, '13w': 13, '26w': 26, '52w': 52 };

/** The Monday (00:00 UTC) that starts the week `now` is in. */
export function weekStart(now: Date): Date {
  const midnight = Math.floor(now.getTime() / DAY) * DAY;
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(midnight - weekday * DAY);
}

/**
 * The period's whole weeks, the current one last: a cohort is a whole sign-up week, so the
 * period starts on a Monday and ends with the Monday after now. The members are those of the
 * picked site, or of every site in the staff member's scope (ADR 0060).
 */
export function figuresWindow(query: BusinessFiguresQuery, now: Date, scope: SiteScope): FiguresWindow & { weeks: number; siteId: number | null } {
  const weeks = PERIOD_WEEKS[query.period];
  const current = weekStart(now);
  return {
    weeks,
    from: new Date(current.getTime() - (weeks - 1) * WEEK),
    to: new Date(current.getTime() + WEEK),
    siteId: query.site_id ?? null,
    sites: narrowScope(scope, query.site_id),
    network: query.network ?? null,
    ref: query.ref ?? null,
    sub1: query.sub1 ?? null,
    sub2: query.sub2 ?? null,
    sub3: query.sub3 ?? null,
    country: query.country ?? null,
  };
}

/** The Monday of the period's `index`-th week, YYYY-MM-DD. */
export function weekLabel(window: Pick<FiguresWindow, 'from'>, index: number): string {
  return new Date(window.from.getTime() + index * WEEK).toISOString().slice(0, 10);
}

import type { SiteIdFilter } from './site-scope-filter';

/** Which members the figures are about, and the whole weeks they cover (UTC, `from` a Monday). */
export interface FiguresWindow {
  from: Date;
  to: Date;
  /** The sites whose members count: the one picked, else every site the staff member may see (null: all). */
  sites: SiteIdFilter;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  country: string | null;
}

export interface CurrencyAmount {
  currency: string;
  amount: number;
}

/** Active and paying members of one sign-up week (`cohortWeek`) in one week of the period (`week`), both counted from the period's first week. */
export interface CohortCell {
  cohortWeek: number;
  week: number;
  active: number;
  paying: number;
}

/** Buyers by how long their first purchase took (see `figure_delay_bucket` in migration 0044). */
export interface DelayCount {
  /** 0 within an hour, 1 a day, 2 a week, 3 a month, 4 later. */
  category: number;
  bucket: number;
  buyers: number;
}

/** How long the period's sign-ups who paid took to pay. */
export interface DelaySummary {
  medianHours: number | null;
  p90Hours: number | null;
  withinHour: number;
  withinDay: number;
  withinWeek: number;
  withinMonth: number;
  later: number;
}

import type { BusinessFigures } from '../../../contract/admin/business-figures';
import { csvField } from '../audit/audit.service';

type Cell = string | number | null;

/**
 * The owners' figures as one long CSV table, one figure per line — `figure, currency, week,
 * weeks_since_signup, value` — so a spreadsheet can pivot it any way. Money is in minor units
 * (cents), shares are 0–1, durations in hours. Numbers go out as they are (a net revenue may be
 * negative, and the formula guard would turn "-5" into text); every text goes through `csvField`.
 */
export function businessFiguresCsv(figures: BusinessFigures): string {
  const lines: Cell[][] = [['figure', 'currency', 'week', 'weeks_since_signup', 'value']];
  const add = (figure: string, value: Cell, where: { currency?: string; week?: string; since?: number } = {}) =>
    lines.push([figure, where.currency ?? null, where.week ?? null, where.since ?? null, value]);

  add('period', figures.period);
  add('from', figures.from);
  add('to', figures.to);
  for (const [name, value] of Object.entries(figures.filters)) if (value !== null) add(`filter_${name}`, value);
  add('active_members', figures.members.active);
  add('paying_members', figures.members.paying);
  for (const row of figures.revenue) {
    for (const figure of ['paid', 'refunded', 'charged_back', 'net', 'arpu', 'arppu'] as const) add(figure, row[figure], { currency: row.currency });
  }
  add('signups', figures.conversion.signups);
  add('first_purchase_buyers', figures.conversion.buyers);
  add('first_purchase_conversion', figures.conversion.rate);
  add('hours_to_first_purchase_median', figures.time_to_first_purchase.median_hours);
  add('hours_to_first_purchase_p90', figures.time_to_first_purchase.p90_hours);
  for (const row of figures.time_to_first_purchase.delays) add(`first_purchase_${row.delay}`, row.buyers);
  for (const cohort of figures.cohorts) {
    add('cohort_size', cohort.size, { week: cohort.week });
    cohort.active.forEach((count, since) => {
      add('cohort_active', count, { week: cohort.week, since });
      add('cohort_paying', cohort.paying[since], { week: cohort.week, since });
    });
  }
  return (
    lines.map((line) => line.map((cell) => (cell === null ? '' : typeof cell === 'number' ? String(cell) : csvField(cell))).join(',')).join('\r\n') + '\r\n'
  );
}

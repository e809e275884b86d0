import type { JobSchedule } from '../../jobs/job-schedules';

export const COMPACT_FIGURE_COUNTS_JOB = 'compact_figure_counts';

/**
 * Every five minutes, at 2:30 past, apart from the minute marks other sweeps start on: folds the
 * rows the figures' triggers append into one per key (ADR 0076). The figures are exact either
 * way; folding keeps what the page sums to a few rows per site, network and week.
 */
export const compactFigureCountsSchedule: JobSchedule = { kind: COMPACT_FIGURE_COUNTS_JOB, everyMs: 5 * 60_000, offsetMs: 150_000 };

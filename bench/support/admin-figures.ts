import { BusinessFiguresQuery } from '../../contract/admin/business-figures';
import type { Database } from '../../server/db/client';
import { createBusinessFigureFacts } from '../../server/db/repositories/business-figure-facts';
import { createBusinessFiguresRepository } from '../../server/db/repositories/business-figures.repository';
import { createSitesRepository } from '../../server/db/repositories/sites.repository';
import { createBusinessFiguresService } from '../../server/domain/figures/business-figures.service';
import { figuresWindow } from '../../server/domain/figures/figures-window';
import { systemClock } from '../../server/domain/shared/clock';
import type { AdminRequest } from '../admin.bench';

/** The owners' figures' ceiling for the 12-month cohort table (ADR 0065). */
export const FIGURES_TARGET_P99_MS = 500;

/**
 * The owners' figures (issue 33) on the loaded database: the whole page's call for 52 weeks
 * (every figure, the 12-month cohort table among them) without and with filters, 13 weeks, the
 * CSV; and, direct only, the cohort table's two queries and the KPI queries on their own, from
 * the counts (ADR 0076) and, for comparison, from the facts. Each
 * API call's ceiling is the same service call in-process.
 */
export function figuresRequests(db: Database, options: { siteId: number }): (AdminRequest & { held: boolean; apiless?: boolean })[] {
  const figures = createBusinessFiguresRepository(db);
  const facts = createBusinessFigureFacts(db);
  const service = createBusinessFiguresService({ figures, sites: createSitesRepository(db), clock: systemClock });
  const call = (query: Record<string, string>, held: boolean, iterations?: number): AdminRequest & { held: boolean } => ({
    label: `figures ${new URLSearchParams(query)}`,
    path: `/api/admin/figures?${new URLSearchParams(query)}`,
    direct: () => service.read(BusinessFiguresQuery.parse(query), null),
    held,
    iterations,
  });
  const year = figuresWindow(BusinessFiguresQuery.parse({ period: '52w' }), systemClock.now(), null);
  const direct = (label: string, run: () => Promise<unknown>) => ({ label, path: '', direct: run, held: false, apiless: true });
  return [
    call({ period: '52w' }, true),
    call({ period: '52w', site_id: String(options.siteId) }, true),
    call({ period: '52w', network: 'adnet' }, true),
    // A country is not a key of the counts: this call reads the facts (ADR 0065), seconds a call at 1M, so a few calls.
    call({ period: '52w', country: 'NL' }, false, 5),
    call({ period: '13w' }, false),
    {
      label: 'figures.csv period=52w',
      path: '/api/admin/figures.csv?period=52w',
      direct: () => service.csv(BusinessFiguresQuery.parse({ period: '52w' }), null),
      held: false,
    },
    direct('cohort table, 52 weeks (sizes + cells)', () => Promise.all([figures.cohortSizes(year), figures.cohortCells(year)])),
    direct('KPI: paid + refunded, 52 weeks', () => Promise.all([figures.paid(year), figures.refunded(year)])),
    direct('KPI: active and paying members, 52 weeks', () => figures.activeAndPaying(year)),
    direct('KPI: conversion + time to first purchase, 52 weeks', () => Promise.all([figures.conversion(year), figures.timeToFirstPurchase(year)])),
    { ...direct('facts: active and paying members, 52 weeks', () => facts.activeAndPaying(year)), iterations: 3 },
    { ...direct('facts: cohort table, 52 weeks', () => Promise.all([facts.cohortSizes(year), facts.cohortCells(year)])), iterations: 3 },
  ];
}

/** The tables whose triggers keep the activity weeks and the figures' counts (migrations 0037, 0044): off while loading. */
export const TRIGGERED_TABLES = ['users', 'orders', 'refunds', 'chargebacks', 'sessions', 'messages', 'member_activity_weeks', 'member_last_weeks'];

export const FIGURE_COUNT_TABLES = ['member_last_weeks', 'figure_last_week_counts', 'figure_cohort_counts', 'figure_signup_counts', 'figure_money_counts'];

/**
 * Rebuilds the activity weeks from the loaded facts in one statement, as migration 0037 does for
 * an existing database, with the member's site and network (migration 0044); then
 * `figure_counts_rebuild()` counts the figures from them, as migration 0044 does.
 */
export const REBUILD_ACTIVITY_WEEKS = `
  insert into member_activity_weeks (user_id, week, signup_week, paid, site_id, network)
  select a.user_id, a.week, date_trunc('week', u.created_at at time zone 'UTC')::date, bool_or(a.paid), u.site_id, u.tracking_network
    from (select user_id, date_trunc('week', created_at at time zone 'UTC')::date as week, false as paid from sessions
          union all
          select sender_id, date_trunc('week', created_at at time zone 'UTC')::date, false from messages
          union all
          select user_id, date_trunc('week', credited_at at time zone 'UTC')::date, true from orders where credited_at is not null and user_id is not null) a
    join users u on u.id = a.user_id
   where not u.is_fictional
   group by a.user_id, a.week, u.created_at, u.site_id, u.tracking_network`;

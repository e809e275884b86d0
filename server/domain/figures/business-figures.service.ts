import type { BusinessFigures, BusinessFiguresQuery, Cohort, NetRevenue } from '../../../contract/admin/business-figures';
import type { BusinessFiguresRepository, CohortCell, CurrencyAmount } from '../../db/repositories/business-figures.repository';
import type { SitesRepository } from '../../db/repositories/sites.repository';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { businessFiguresCsv } from './business-figures-csv';
import { allowedSites, type SiteScope } from '../staff/site-scope';
import { figuresWindow, weekLabel } from './figures-window';

/**
 * The owners' figures (issue 33, ADR 0065): net revenue, ARPU and ARPPU per currency,
 * first-purchase conversion and how long it takes, and weekly retention cohorts, for the
 * members a site, a traffic source and a country select.
 */
export function createBusinessFiguresService(deps: { figures: BusinessFiguresRepository; sites: Pick<SitesRepository, 'names'>; clock: Clock }) {
  /** The figures for the members of the staff member's sites (`scope`); another site is not found. */
  async function read(query: BusinessFiguresQuery, scope: SiteScope): Promise<BusinessFigures> {
    const sites = allowedSites(scope, await deps.sites.names());
    if (query.site_id !== undefined && !sites.some((site) => site.id === query.site_id)) throw new AppError('not_found');
    const window = figuresWindow(query, deps.clock.now(), scope);
    const [paid, refunded, chargedBack, members, conversion, delays, sizes, cells] = await Promise.all([
      deps.figures.paid(window),
      deps.figures.refunded(window),
      deps.figures.chargedBack(window),
      deps.figures.activeAndPaying(window),
      deps.figures.conversion(window),
      deps.figures.timeToFirstPurchase(window),
      deps.figures.cohortSizes(window),
      deps.figures.cohortCells(window),
    ]);
    return {
      period: query.period,
      from: weekLabel(window, 0),
      to: weekLabel(window, window.weeks),
      filters: {
        site_id: window.siteId,
        network: window.network,
        ref: window.ref,
        sub1: window.sub1,
        sub2: window.sub2,
        sub3: window.sub3,
        country: window.country,
      },
      sites,
      members,
      revenue: netRevenue({ paid, refunded, chargedBack }, members),
      conversion: { ...conversion, rate: conversion.signups ? conversion.buyers / conversion.signups : null },
      time_to_first_purchase: {
        median_hours: delays.medianHours,
        p90_hours: delays.p90Hours,
        delays: [
          { delay: 'within_hour', buyers: delays.withinHour },
          { delay: 'within_day', buyers: delays.withinDay },
          { delay: 'within_week', buyers: delays.withinWeek },
          { delay: 'within_month', buyers: delays.withinMonth },
          { delay: 'later', buyers: delays.later },
        ],
      },
      cohorts: cohorts(window.weeks, sizes, cells, (index) => weekLabel(window, index)),
    };
  }

  return {
    read,
    /** The same figures as CSV, one figure per line (see `businessFiguresCsv`). */
    async csv(query: BusinessFiguresQuery, scope: SiteScope): Promise<string> {
      return businessFiguresCsv(await read(query, scope));
    },
  };
}

/** Paid − refunded − charged back per currency, and what that is per active and per paying member. */
export function netRevenue(
  money: { paid: CurrencyAmount[]; refunded: CurrencyAmount[]; chargedBack: CurrencyAmount[] },
  members: { active: number; paying: number },
): NetRevenue[] {
  const amountIn = (rows: CurrencyAmount[], currency: string) => rows.find((row) => row.currency === currency)?.amount ?? 0;
  const currencies = [...new Set([...money.paid, ...money.refunded, ...money.chargedBack].map((row) => row.currency))].sort();
  return currencies.map((currency) => {
    const paid = amountIn(money.paid, currency);
    const refunded = amountIn(money.refunded, currency);
    const chargedBack = amountIn(money.chargedBack, currency);
    const net = paid - refunded - chargedBack;
    return {
      currency,
      paid,
      refunded,
      charged_back: chargedBack,
      net,
      arpu: members.active ? Math.round(net / members.active) : null,
      arppu: members.paying ? Math.round(net / members.paying) : null,
    };
  });
}

/** Every sign-up week of the period, oldest first, each with one value per week from its own to the period's last. */
export function cohorts(weeks: number, sizes: { cohortWeek: number; size: number }[], cells: CohortCell[], label: (index: number) => string): Cohort[] {
  const sizeOf = new Map(sizes.map((row) => [row.cohortWeek, row.size]));
  const cellOf = new Map(cells.map((cell) => [`${cell.cohortWeek}:${cell.week}`, cell]));
  return Array.from({ length: weeks }, (_, cohortWeek) => {
    const after = Array.from({ length: weeks - cohortWeek }, (_, since) => cellOf.get(`${cohortWeek}:${cohortWeek + since}`));
    return {
      week: label(cohortWeek),
      size: sizeOf.get(cohortWeek) ?? 0,
      active: after.map((cell) => cell?.active ?? 0),
      paying: after.map((cell) => cell?.paying ?? 0),
    };
  });
}

export type BusinessFiguresService = ReturnType<typeof createBusinessFiguresService>;

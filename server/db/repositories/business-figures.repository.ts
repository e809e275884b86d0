import type { Executor } from '../client';
import { createBusinessFigureCounts } from './business-figure-counts';
import { createBusinessFigureFacts } from './business-figure-facts';
import type { FiguresWindow } from './business-figures.types';

export type { CohortCell, CurrencyAmount, DelaySummary, FiguresWindow } from './business-figures.types';

/** Whether the counts can answer the window: they are kept per site and network only. */
export function countsAnswer(window: FiguresWindow): boolean {
  return window.ref === null && window.sub1 === null && window.sub2 === null && window.sub3 === null && window.country === null;
}

/**
 * The owners' figures: from the counts kept by week (ADR 0076) when the window filters by site
 * and network at most, which is every figure the page is held to its speed with; from the facts
 * (ADR 0065) when it filters by a traffic ref, a sub-id or a country.
 */
export function createBusinessFiguresRepository(db: Executor) {
  const counts = createBusinessFigureCounts(db);
  const facts = createBusinessFigureFacts(db);
  const source = (window: FiguresWindow) => (countsAnswer(window) ? counts : facts);
  return {
    paid: (window: FiguresWindow) => source(window).paid(window),
    refunded: (window: FiguresWindow) => source(window).refunded(window),
    chargedBack: (window: FiguresWindow) => source(window).chargedBack(window),
    activeAndPaying: (window: FiguresWindow) => source(window).activeAndPaying(window),
    conversion: (window: FiguresWindow) => source(window).conversion(window),
    timeToFirstPurchase: (window: FiguresWindow) => source(window).timeToFirstPurchase(window),
    cohortSizes: (window: FiguresWindow) => source(window).cohortSizes(window),
    cohortCells: (window: FiguresWindow) => source(window).cohortCells(window),
    compactCounts: () => counts.compact(),
  };
}

export type BusinessFiguresRepository = ReturnType<typeof createBusinessFiguresRepository>;

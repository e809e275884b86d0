import type { Executor } from '../db/client';
import { creditBundles, type BundlePrice } from '../db/schema/index';

/** Prices per payment country in minor units; `*` is every euro country not listed. */
function prices(eur: number, gbp: number, usd: number, chf: number, dkk: number, sek: number, nok: number, pln: number): Record<string, BundlePrice> {
  return {
    '*': { currency: 'EUR', amount: eur },
    GB: { currency: 'GBP', amount: gbp },
    US: { currency: 'USD', amount: usd },
    CA: { currency: 'USD', amount: usd },
    AU: { currency: 'USD', amount: usd },
    NZ: { currency: 'USD', amount: usd },
    CH: { currency: 'CHF', amount: chf },
    DK: { currency: 'DKK', amount: dkk },
    SE: { currency: 'SEK', amount: sek },
    NO: { currency: 'NOK', amount: nok },
    PL: { currency: 'PLN', amount: pln },
  };
}

/** A typical ladder: the bigger the bundle, the cheaper each credit. */
export const DEFAULT_BUNDLES = [
  { credits: 50, highlighted: false, prices: prices(995, 895, 1095, 1095, 7400, 10900, 10900, 4495) },
  { credits: 125, highlighted: true, prices: prices(1995, 1795, 2195, 2195, 14900, 21900, 21900, 8995) },
  { credits: 300, highlighted: false, prices: prices(3995, 3495, 4395, 4295, 29900, 43900, 43900, 17995) },
  { credits: 750, highlighted: false, prices: prices(7995, 6995, 8795, 8595, 59900, 87900, 87900, 35995) },
];

export async function insertDefaultBundles(db: Executor, siteId: number) {
  return db
    .insert(creditBundles)
    .values(DEFAULT_BUNDLES.map((bundle, index) => ({ ...bundle, siteId, sortOrder: index })))
    .returning();
}

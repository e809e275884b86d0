import type { ChargebackRatios } from '../../../contract/admin/chargebacks';
import type { ConsoleChargebacksRepository } from '../../db/repositories/console-chargebacks.repository';
import type { SiteIdFilter } from '../../db/repositories/site-scope-filter';

/** The chargeback ratio's months: the current one (UTC) and the eleven before it. */
export const RATIO_MONTHS = 12;

/**
 * Chargebacks per paid order, per site, payment method and month, against the operators'
 * threshold. Card schemes count a month's chargebacks against the same month's transactions, so
 * paid orders count by the month they were credited and chargebacks by their own date.
 */
export async function chargebackRatios(
  repository: Pick<ConsoleChargebacksRepository, 'ratioCounts' | 'warningBasisPoints'>,
  options: { sites: SiteIdFilter; now: Date },
): Promise<ChargebackRatios> {
  const { now } = options;
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (RATIO_MONTHS - 1), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [counts, basisPoints] = await Promise.all([repository.ratioCounts({ from, to, sites: options.sites }), repository.warningBasisPoints()]);
  const threshold = basisPoints / 10_000;
  return {
    from_month: from.toISOString().slice(0, 7),
    warning_percent: basisPoints / 100,
    rows: counts.map((count) => {
      const ratio = count.paid > 0 ? count.chargebacks / count.paid : null;
      return {
        month: count.month,
        site_id: count.siteId,
        site_name: count.siteName,
        payment_method: count.paymentMethod,
        paid: count.paid,
        chargebacks: count.chargebacks,
        ratio,
        above_threshold: ratio === null ? count.chargebacks > 0 : ratio > threshold,
      };
    }),
  };
}

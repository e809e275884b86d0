import { useTranslation } from '../../lib/use-translation';
import type { Bundle } from '../../../contract/payments';
import type { SiteSettings } from '../../../contract/site';
import { formatMoney } from '../../lib/format-money';
import { TableScroll } from '../ui/TableScroll';
import { useCountryName } from '../../lib/use-country-name';

type PriceSettings = Pick<SiteSettings, 'message_credits' | 'gift_credits' | 'photo_credits' | 'minimum_message_costs'>;

/** What a message costs a member from `country`: the site's price, or the country's minimum when higher. */
export function messageCreditsFor(settings: PriceSettings, country: string): number {
  return Math.max(settings.message_credits, settings.minimum_message_costs[country]?.costs ?? 0);
}

/**
 * What each paid action costs in credits, and in money with the cheapest credits (spec §2 pricing).
 * The number of free messages is deliberately not shown (spec §1).
 */
export function ActionPrices({ settings, country, cheapest }: { settings: PriceSettings; country: string; cheapest: Bundle | null }) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const rows = [
    { key: 'message', credits: messageCreditsFor(settings, country) },
    { key: 'gift', credits: settings.gift_credits },
    { key: 'photo', credits: settings.photo_credits },
  ] as const;
  // Money for an action at the lowest price per credit, rounded to the minor unit.
  const fromPrice = (credits: number) =>
    cheapest
      ? formatMoney({ amount: Math.round((cheapest.price.amount * credits) / cheapest.credits), currency: cheapest.price.currency }, i18n.language)
      : null;
  const higherMinimums = Object.entries(settings.minimum_message_costs).filter(([, minimum]) => minimum.costs > settings.message_credits);

  return (
    <section className="mb-4" aria-labelledby="pricing-actions">
      <h2 className="h5" id="pricing-actions">
        {t('pricing.actions_title')}
      </h2>
      <TableScroll label={t('pricing.actions_title')}>
        <table className="table align-middle table-stack" data-testid="action-prices">
          <thead>
            <tr>
              <th scope="col">{t('pricing.action')}</th>
              <th scope="col" className="text-end">
                {t('pricing.credits')}
              </th>
              {cheapest && (
                <th scope="col" className="text-end">
                  {t('pricing.from_price')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="fw-normal">
                  {t(`pricing.actions.${row.key}`)}
                </th>
                <td className="text-end" data-label={t('pricing.credits')}>
                  {t('pricing.credits_amount', { number: row.credits })}
                </td>
                {cheapest && (
                  <td className="text-end" data-label={t('pricing.from_price')}>
                    {fromPrice(row.credits)}
                  </td>
                )}
              </tr>
            ))}
            <tr>
              <th scope="row" className="fw-normal">
                {t('pricing.actions.free')}
              </th>
              <td className="text-end" data-label={t('pricing.credits')}>
                {t('pricing.free')}
              </td>
              {cheapest && <td />}
            </tr>
          </tbody>
        </table>
      </TableScroll>
      {higherMinimums.length > 0 && (
        <>
          <p className="small mb-1">{t('pricing.minimum_intro')}</p>
          <ul className="small">
            {higherMinimums.map(([code, minimum]) => (
              <li key={code}>{t('pricing.minimum_country', { country: countryName(code), number: minimum.costs })}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

import { useTranslation } from '../../../lib/use-translation';
import type { NetRevenue } from '../../../../contract/admin/business-figures';
import { formatMoney } from '../../../lib/format-money';
import { TableRegion } from '../TableRegion';

const COLUMNS = ['paid', 'refunded', 'charged_back', 'net', 'arpu', 'arppu'] as const;

/** Net revenue per currency — paid, refunded, charged back, net — and what it is per active and per paying member. */
export function RevenueTable({ revenue }: { revenue: NetRevenue[] }) {
  const { t } = useTranslation();
  if (!revenue.length) return <p data-testid="revenue-none">{t('figures.no_revenue')}</p>;
  const money = (currency: string, amount: number | null) => (amount === null ? '–' : formatMoney({ currency, amount }, 'en'));
  return (
    <TableRegion label={t('figures.revenue')}>
      <table className="admin-table w-100 small" data-testid="revenue-table">
        <caption className="visually-hidden">{t('figures.revenue')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('figures.currency')}</th>
            {COLUMNS.map((column) => (
              <th scope="col" className="text-end" key={column}>
                {t(`figures.revenue_${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {revenue.map((row) => (
            <tr key={row.currency} className="border-top">
              <th scope="row">{row.currency}</th>
              {COLUMNS.map((column) => (
                <td className="text-end" key={column} data-label={t(`figures.revenue_${column}`)}>
                  {money(row.currency, row[column])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

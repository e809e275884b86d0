import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import type { LedgerEntry } from '../../../contract/payments';
import { LocalDateTime } from '../ui/LocalDateTime';
import { TableScroll } from '../ui/TableScroll';

/** The credit history: every change of the balance with its reason and the balance after it. */
export function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className="text-body-secondary">{t('transactions.no_ledger')}</p>;
  return (
    <TableScroll label={t('transactions.ledger_title')}>
      <table className="table table-sm align-middle table-stack" data-testid="ledger">
        <thead>
          <tr>
            <th scope="col">{t('transactions.date')}</th>
            <th scope="col" className="text-end">
              {t('transactions.change')}
            </th>
            <th scope="col">{t('transactions.reason')}</th>
            <th scope="col" className="text-end">
              {t('transactions.balance_after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="ledger-row">
              <td data-label={t('transactions.date')}>
                <LocalDateTime value={entry.created_at} />
              </td>
              <td data-label={t('transactions.change')} className={`text-end fw-bold ${entry.delta >= 0 ? 'text-success-emphasis' : 'text-danger-emphasis'}`}>
                {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
              </td>
              <td data-label={t('transactions.reason')}>
                {t(`transactions.reasons.${entry.reason}`)}
                {entry.order_id !== null && (
                  <>
                    {' · '}
                    <Link to={`/transactions/${entry.order_id}`}>{t('transactions.order_short', { number: entry.order_id })}</Link>
                  </>
                )}
              </td>
              <td className="text-end" data-label={t('transactions.balance_after')}>
                {entry.balance_after}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

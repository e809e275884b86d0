import { useTranslation } from '../../lib/use-translation';
import type { OpenDebt } from '../../../contract/payments';
import { formatMoney } from '../../lib/format-money';
import { useRootData } from '../../root';
import { Link } from '../ui/links';

/** The id the disabled buy buttons point at (`aria-describedby`): the notice says why. */
export const OPEN_DEBT_NOTICE_ID = 'open-debt-notice';

/** The day it happened, the same on the server and in the browser (UTC: a day is precise enough here). */
const dayOf = (iso: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/**
 * Shown wherever a member would start a purchase while they owe money from a payment that was
 * charged back or a direct debit their bank returned (ADR 0063): what is owed per order, why,
 * how to settle it, and that buying waits until then.
 */
export function OpenDebtNotice({ debts }: { debts: OpenDebt[] }) {
  const { t, i18n } = useTranslation();
  const { settings } = useRootData();
  if (!debts.length) return null;
  return (
    <section className="alert alert-danger" role="alert" aria-labelledby="open-debt-title" id={OPEN_DEBT_NOTICE_ID} data-testid="open-debt">
      <h2 className="h5" id="open-debt-title">
        {t('credits.debt_title')}
      </h2>
      <ul className="mb-2 ps-3">
        {debts.map((debt) => (
          <li key={`${debt.order_id}-${debt.charged_back_at}`}>
            {t(debt.kind === 'return' ? 'credits.debt_return' : 'credits.debt_chargeback', {
              amount: formatMoney(debt.amount, i18n.language),
              order: debt.order_id,
              date: dayOf(debt.charged_back_at, i18n.language),
            })}
          </li>
        ))}
      </ul>
      <p className="mb-2">{t('credits.debt_buying_disabled')}</p>
      <p className="mb-0">
        {t('credits.debt_settle')}{' '}
        {settings.support_email && (
          <>
            <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
            {' · '}
          </>
        )}
        <Link to="/pages/service">{t('footer.links.service')}</Link>
      </p>
    </section>
  );
}

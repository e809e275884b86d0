import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsoleOrder } from '../../../../contract/admin/money';
import { SEPA_RETURN_REASON_CODES, SEPA_RETURN_REASONS, type SepaReturnReason } from '../../../../contract/admin/sepa-returns';
import type { ConsoleChargeback } from '../../../../contract/admin/chargebacks';
import { api } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';
import { ActionDialog } from '../members/ActionDialog';
import { useConsoleLanguage } from '../use-console-language';
import { formatMoney } from './CursorTable';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Books a direct debit the site collected itself and the bank sent back (issue 33): the bank's
 * R-transaction reason code and the day, from its return file. The server does what a provider's
 * return does and books it once; the dialog stays open with the server's refusal in place.
 */
export function SepaReturnDialog({ order, onCancel, onBooked }: { order: ConsoleOrder; onCancel: () => void; onBooked: (booked: ConsoleChargeback) => void }) {
  const { t } = useTranslation();
  const language = useConsoleLanguage();
  const id = useId();
  const [reason, setReason] = useState<SepaReturnReason>('AM04');
  const [day, setDay] = useState(today);
  const action = useApiAction(() =>
    api<ConsoleChargeback>(`/api/admin/orders/${order.id}/sepa-return`, { method: 'POST', body: { reason_code: reason, returned_on: day }, retries: 0 }),
  );
  const confirm = async () => {
    const booked = await action.run();
    if (booked) onBooked(booked);
  };
  return (
    <ActionDialog
      show
      title={t('money.sepa_return.title', { id: order.id })}
      body={t('money.sepa_return.body', { amount: formatMoney(order.amount, order.currency, language), credits: order.credits })}
      confirmLabel={t('money.sepa_return.confirm')}
      variant="danger"
      needsReason={false}
      ready={/^\d{4}-\d{2}-\d{2}$/.test(day)}
      pending={action.pending}
      error={action.error}
      onCancel={onCancel}
      onConfirm={() => void confirm()}
    >
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-reason`}>
          {t('money.sepa_return.reason')}
        </label>
        <select id={`${id}-reason`} className="form-select" value={reason} onChange={(event) => setReason(event.target.value as SepaReturnReason)}>
          {SEPA_RETURN_REASON_CODES.map((code) => (
            <option key={code} value={code}>
              {code} – {SEPA_RETURN_REASONS[code]}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-1">
        <label className="form-label" htmlFor={`${id}-day`}>
          {t('money.sepa_return.day')}
        </label>
        <input id={`${id}-day`} className="form-control" type="date" max={today()} required value={day} onChange={(event) => setDay(event.target.value)} />
      </div>
    </ActionDialog>
  );
}

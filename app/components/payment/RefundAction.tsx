import { useCallback, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/use-translation';
import type { Order, TransactionsResponse } from '../../../contract/payments';
import { api } from '../../lib/api-client';
import { formatMoney } from '../../lib/format-money';
import { useApiAction } from '../../lib/use-api-action';
import { FormAlert } from '../ui/FormAlert';
import { refundAmountFor } from './order-labels';

/**
 * "Request refund of unused credits" for one paid order inside the refund window (spec §2
 * transactions, issue #6 item 8): a confirmation that states the credits and the money first.
 */
export function RefundAction({ order, onRefunded, size }: { order: Order; onRefunded: (order: Order) => void; size?: 'sm' }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const credits = order.refundable_credits;
  const amount = formatMoney({ amount: refundAmountFor(order, credits), currency: order.price.currency }, i18n.language);
  const request = useApiAction(useCallback(() => api<TransactionsResponse>('refunds.php', { method: 'POST', body: { order_id: order.id } }), [order.id]));

  const confirm = async () => {
    const answer = await request.run();
    const refunded = answer?.orders.find((entry) => entry.id === order.id);
    if (!refunded) return;
    setConfirming(false);
    onRefunded(refunded);
  };
  const titleId = `refund-title-${order.id}`;

  return (
    <>
      <button type="button" className={`btn btn-outline-primary text-nowrap ${size ? `btn-${size}` : ''}`} onClick={() => setConfirming(true)}>
        {t('transactions.refund_request', { number: credits, amount })}
      </button>
      <Modal show={confirming} onHide={() => setConfirming(false)} centered aria-labelledby={titleId}>
        <Modal.Header closeButton closeLabel={t('transactions.refund_cancel')}>
          <Modal.Title id={titleId}>{t('transactions.refund_confirm_title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('transactions.refund_confirm_text', { number: credits, order: order.id, amount })}</p>
          <p className="small text-body-secondary mb-0">{t('transactions.refund_confirm_note')}</p>
          <FormAlert error={request.error} />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setConfirming(false)}>
            {t('transactions.refund_cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={request.pending}>
            {t('transactions.refund_confirm', { number: credits })}
          </button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

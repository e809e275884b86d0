import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../ui/links';
import type { OrderStatusResponse } from '../../../../contract/payments';

/** The paid order: how many credits were added, the balance now, and the way back to the members. */
export function DirectDebitDone({ status }: { status: OrderStatusResponse }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Announce the outcome to screen readers by moving focus to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="alert alert-success" aria-labelledby="directdebit-done-title" data-testid="directdebit-done">
      <h2 className="h5" id="directdebit-done-title" ref={heading} tabIndex={-1}>
        {t('directdebit.done_title')}
      </h2>
      <p>{t('directdebit.done_text', { number: status.order.credits, order: status.order.id })}</p>
      <p className="fw-semibold" data-testid="directdebit-balance">
        {t('directdebit.done_balance', { number: status.credits })}
      </p>
      <Link className="btn btn-primary" to="/members">
        {t('directdebit.to_members')}
      </Link>
    </section>
  );
}

import { useTranslation } from '../../../lib/use-translation';
import type { Order } from '../../../../contract/payments';
import { formatMoney } from '../../../lib/format-money';

/** What the member is about to pay for, before any bank detail is asked (every price is shown first). */
export function DirectDebitSummary({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const discounted = order.discount_percentage > 0 && order.list_price.amount !== order.price.amount;
  return (
    <section className="card mb-4" aria-labelledby="directdebit-summary-title">
      <div className="card-body">
        <h2 className="h5 card-title" id="directdebit-summary-title">
          {t('directdebit.summary_title')}
        </h2>
        <dl className="row mb-0">
          <dt className="col-6 col-sm-4 fw-normal text-body-secondary">{t('directdebit.summary_credits')}</dt>
          <dd className="col-6 col-sm-8" data-testid="directdebit-credits">
            {t('directdebit.credits', { number: order.credits })}
          </dd>
          <dt className="col-6 col-sm-4 fw-normal text-body-secondary">{t('directdebit.summary_amount')}</dt>
          <dd className="col-6 col-sm-8" data-testid="directdebit-amount">
            {discounted && (
              <del className="text-body-secondary me-2">
                <span className="visually-hidden">{t('directdebit.summary_list_price')} </span>
                {formatMoney(order.list_price, i18n.language)}
              </del>
            )}
            <strong>{formatMoney(order.price, i18n.language)}</strong>
            {discounted && <span className="small ms-2 text-nowrap">({t('directdebit.summary_discount', { number: order.discount_percentage })})</span>}
          </dd>
          <dt className="col-6 col-sm-4 fw-normal text-body-secondary">{t('directdebit.summary_order')}</dt>
          <dd className="col-6 col-sm-8 mb-0">{order.id}</dd>
        </dl>
      </div>
    </section>
  );
}

import { useTranslation } from '../../../lib/use-translation';
import type { MemberDetail } from '../../../../contract/admin/members';
import { MemberSection, MemberTable } from './MemberDetailLayout';
import { money, when } from './member-page';
import { useConsoleLanguage } from '../use-console-language';

type Order = MemberDetail['orders'][number];

/**
 * The member's money: orders (with the refund button where something is left to refund and the
 * staff member may refund), the credit ledger and the direct-debit mandates.
 */
export function MemberMoneySections({
  detail,
  canRefund,
  onRefund,
}: {
  detail: Pick<MemberDetail, 'orders' | 'ledger' | 'mandates'>;
  canRefund: boolean;
  onRefund: (order: Order) => void;
}) {
  const { t } = useTranslation();
  const language = useConsoleLanguage();
  return (
    <>
      <MemberSection id="member-orders" title={t('member.orders')}>
        <MemberTable
          label={t('member.orders')}
          testId="member-orders"
          empty={!detail.orders.length}
          head={[t('member.order'), t('member.date'), t('member.credits'), t('member.price'), t('member.method'), t('member.order_status'), t('member.refund')]}
        >
          {detail.orders.map((order) => (
            <tr key={order.id} className="border-top" data-testid={`order-${order.id}`}>
              <td>#{order.id}</td>
              <td>{when(order.created_at)}</td>
              <td>{order.credits}</td>
              <td>{money(order.price, language)}</td>
              <td>
                {order.payment_method} ({order.provider})
              </td>
              <td>{order.status}</td>
              <td>
                {order.refund ? (
                  t('member.refunded', { credits: order.refund.credits, price: money(order.refund.price, language) })
                ) : order.refundable_credits > 0 && canRefund ? (
                  <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => onRefund(order)}>
                    {t('member.refund_button', { credits: order.refundable_credits, price: money(order.refundable_price, language) })}
                  </button>
                ) : (
                  t('member.nothing_to_refund')
                )}
              </td>
            </tr>
          ))}
        </MemberTable>
      </MemberSection>

      <MemberSection id="member-ledger" title={t('member.ledger')}>
        <MemberTable
          label={t('member.ledger')}
          empty={!detail.ledger.length}
          head={[t('member.date'), t('member.delta'), t('member.balance_after'), t('member.reason'), t('member.reference')]}
        >
          {detail.ledger.map((row) => (
            <tr key={row.id} className="border-top">
              <td>{when(row.at)}</td>
              <td>{row.delta > 0 ? `+${row.delta}` : row.delta}</td>
              <td>{row.balance_after}</td>
              <td>{row.reason}</td>
              <td className="text-break">{row.reference ?? '—'}</td>
            </tr>
          ))}
        </MemberTable>
      </MemberSection>

      <MemberSection id="member-mandates" title={t('member.mandates')}>
        <MemberTable
          label={t('member.mandates')}
          empty={!detail.mandates.length}
          head={[t('member.date'), t('member.order'), t('member.account_holder'), t('member.iban'), t('member.confirmed')]}
        >
          {detail.mandates.map((mandate) => (
            <tr key={mandate.id} className="border-top">
              <td>{when(mandate.created_at)}</td>
              <td>#{mandate.order_id}</td>
              <td className="text-break">{mandate.account_holder}</td>
              <td>…{mandate.iban_last4}</td>
              <td>{when(mandate.confirmed_at)}</td>
            </tr>
          ))}
        </MemberTable>
      </MemberSection>
    </>
  );
}

import type { MemberNotices } from '../moderation/member-notices';

/**
 * Tells a member by e-mail about every change staff or a refund made to their money (issue 33):
 * goodwill credits and refunds, in the member's language, from their own site. A mail that
 * fails is logged: the money moved already and stays moved.
 */
export function createMoneyNotices(deps: { notices: MemberNotices; onError: (error: unknown) => void }) {
  const { notices, onError } = deps;
  return {
    async goodwillGiven(memberId: number, credits: number, balance: number): Promise<void> {
      await notices.mail(memberId, 'goodwill_credits', '/credits', () => ({ credits: String(credits), balance: String(balance) })).catch(onError);
    },

    async refunded(memberId: number, refund: { orderId: number; credits: number; amount: number; currency: string; balance: number }): Promise<void> {
      await notices
        .mail(memberId, 'credits_refunded', `/transactions/${refund.orderId}`, (_t, language) => ({
          credits: String(refund.credits),
          order_id: String(refund.orderId),
          amount: new Intl.NumberFormat(language, { style: 'currency', currency: refund.currency }).format(refund.amount / 100),
          balance: String(refund.balance),
        }))
        .catch(onError);
    },
  };
}

export type MoneyNotices = ReturnType<typeof createMoneyNotices>;

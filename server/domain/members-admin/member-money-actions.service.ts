import type { MemberDetail } from '../../../contract/admin/members';
import type { Executor } from '../../db/client';
import { createStaffRepository } from '../../db/repositories/staff.repository';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { bookCreditsOnce } from '../credits/ledger';
import type { PaymentEvents } from '../payments/orders.service';
import type { TransactionsService } from '../payments/transactions.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { scopeOfActor } from '../staff/site-scope';
import { actOnLockedMember } from './locked-member';
import type { GetMemberDetail } from './member-pages.service';

/**
 * What staff may do to a member's money: correct the credits and refund an order. The new
 * balance reaches the member's open tabs after the commit.
 */
export function createMemberMoneyActions(deps: {
  db: Executor;
  audit: AuditService;
  clock: Clock;
  detail: GetMemberDetail;
  transactions: TransactionsService;
  paymentEvents?: PaymentEvents;
}) {
  const { db, audit, clock, detail } = deps;

  return {
    /**
     * Adds or takes credits: always a ledger entry (`adjustment`) that moves the balance with it,
     * never a write of the balance, never below zero. The console's key makes a retried request
     * book once: the member's row is locked, so a retry waits and then finds the first entry.
     */
    async correctCredits(actor: StaffActor, memberId: number, input: { delta: number; reason: string; idempotencyKey: string }): Promise<MemberDetail> {
      const key = `console:${input.idempotencyKey}`;
      const balance = await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx, _members, before) => {
        const booking = await bookCreditsOnce(tx, {
          userId: memberId,
          delta: input.delta,
          reason: 'adjustment',
          reference: `staff:${actor.id ?? 'system'}`,
          idempotencyKey: key,
          at: clock.now(),
        });
        if (!booking.booked) return null;
        const after = booking.balance;
        if (after === null) throw new AppError('credits_below_zero', { params: { credits: before.credits } });
        await audit.record(tx, actor, {
          action: 'member.credits_correct',
          targetType: 'member',
          targetId: memberId,
          before: { credits: before.credits },
          after: { credits: after, delta: input.delta, reason: input.reason },
        });
        return after;
      });
      if (balance !== null) deps.paymentEvents?.creditsChanged(memberId, balance);
      return detail(memberId, scopeOfActor(actor));
    },

    /**
     * Refunds an order through its provider (the unused bought credits of ADR 0020, outside the
     * member's own window). Support may refund up to the limit the owner set on their staff
     * row, read in the refund's transaction; the refund row is unique per order, so a retry or a
     * second click refunds nothing more (409 refund_unavailable). `credits` refunds part of the
     * unused credits (issue 33); the member is mailed about every refund.
     */
    async refundOrder(actor: StaffActor, memberId: number, orderId: number, reason: string, credits?: number) {
      // A member never moves to another site, so the scope check may come before the refund's
      // transaction: an order of another site's member is not found, whatever state it is in.
      await detail(memberId, scopeOfActor(actor));
      const booked = await deps.transactions.refundByStaff(
        memberId,
        orderId,
        async (tx, refund) => {
          if (actor.role === 'support') {
            const limit = actor.id === null ? 0 : ((await createStaffRepository(tx).findById(actor.id))?.refundLimitCredits ?? 0);
            if (refund.credits > limit) throw new AppError('refund_over_limit', { params: { limit } });
          }
          await audit.record(tx, actor, {
            action: 'order.refund',
            targetType: 'order',
            targetId: orderId,
            before: { refunded: false },
            after: {
              refunded: true,
              member_id: memberId,
              credits: refund.credits,
              amount: refund.amount,
              currency: refund.order.currency,
              provider: refund.order.provider,
              reason,
              order_credits: refund.order.credits,
            },
          });
        },
        credits,
      );
      return {
        ...(await detail(memberId, scopeOfActor(actor))),
        refunded: { order_id: orderId, credits: booked.credits, price: { amount: booked.amount, currency: booked.order.currency } },
      };
    },
  };
}

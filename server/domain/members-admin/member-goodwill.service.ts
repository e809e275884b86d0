import type { MemberDetail } from '../../../contract/admin/members';
import type { Executor } from '../../db/client';
import { createGoodwillGrantsRepository } from '../../db/repositories/goodwill-grants.repository';
import { createMemberAdminRepository } from '../../db/repositories/member-admin.repository';
import { createStaffRepository } from '../../db/repositories/staff.repository';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { bookCredits } from '../credits/ledger';
import type { MoneyNotices } from '../payments/money-notices';
import type { PaymentEvents } from '../payments/orders.service';
import { AppError } from '../shared/app-error';
import { scopeOfActor } from '../staff/site-scope';
import type { Clock } from '../shared/clock';
import { GOODWILL_WINDOW_MS, goodwillLeft, isGoodwillUnlimited } from './goodwill-limits';
import type { GetMemberDetail } from './member-pages.service';

export interface GoodwillInput {
  credits: number;
  reason: string;
  idempotencyKey: string;
}

/**
 * Goodwill credits (issue 33): free credits staff give a member with a reason, within the limits
 * an owner set on the giver's staff row. The giver's row is locked first, then the member's, so
 * two grants by one person take turns and the 30-day sum they check is the one they commit with.
 * Grant, ledger entry (`adjustment`, reference `goodwill:<id>`) and audit row commit together;
 * the member's new balance and the mail go out after the commit.
 */
export function createMemberGoodwill(deps: {
  db: Executor;
  audit: AuditService;
  clock: Clock;
  detail: GetMemberDetail;
  paymentEvents?: PaymentEvents;
  notices?: MoneyNotices;
}) {
  const { db, audit, clock, detail } = deps;

  return {
    /** Gives the credits, or refuses with `goodwill_over_limit` and how many the giver may still give. */
    async giveGoodwill(actor: StaffActor, memberId: number, input: GoodwillInput): Promise<MemberDetail> {
      // A member never moves to another site: a member of a site outside the giver's is not found.
      await detail(memberId, scopeOfActor(actor));
      const now = clock.now();
      const key = `goodwill:${actor.id ?? 'system'}:${input.idempotencyKey}`;
      const booked = await db.transaction(async (tx) => {
        const grants = createGoodwillGrantsRepository(tx);
        let left: number | null = null;
        if (!isGoodwillUnlimited(actor)) {
          const giver = actor.id === null ? null : await createStaffRepository(tx).lock(actor.id);
          if (!giver) throw new AppError('staff_forbidden');
          left = goodwillLeft(giver, await grants.sumGivenSince(giver.id, new Date(now.getTime() - GOODWILL_WINDOW_MS)));
        }
        const members = createMemberAdminRepository(tx);
        const before = await members.lock(memberId);
        if (!before) throw new AppError('not_found');
        // A retry of a grant that committed books nothing more (its key names the grant).
        if (await grants.findByKey(key)) return null;
        if (before.status === 'deleted') throw new AppError('member_deleted');
        if (left !== null && input.credits > left) throw new AppError('goodwill_over_limit', { params: { left } });
        const grant = await grants.insert({
          staffId: actor.id,
          userId: memberId,
          credits: input.credits,
          reason: input.reason,
          idempotencyKey: key,
          createdAt: now,
        });
        const balance = await bookCredits(tx, {
          userId: memberId,
          delta: input.credits,
          reason: 'adjustment',
          reference: `goodwill:${grant.id}`,
          idempotencyKey: key,
          at: now,
        });
        if (balance === null) throw new AppError('not_found');
        await audit.record(tx, actor, {
          action: 'member.goodwill_credits',
          targetType: 'member',
          targetId: memberId,
          before: { credits: before.credits },
          after: {
            credits: balance,
            goodwill: input.credits,
            reason: input.reason,
            grant_id: grant.id,
            ...(left !== null && { left_after: left - input.credits }),
          },
        });
        return { balance, credits: input.credits };
      });
      if (booked) {
        deps.paymentEvents?.creditsChanged(memberId, booked.balance);
        await deps.notices?.goodwillGiven(memberId, booked.credits, booked.balance);
      }
      return detail(memberId, scopeOfActor(actor));
    },
  };
}

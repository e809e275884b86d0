import type { MemberDetail } from '../../../contract/admin/members';
import type { CreditsRepository } from '../../db/repositories/credits.repository';
import type { MemberAdminRepository } from '../../db/repositories/member-admin.repository';
import type { OrdersRepository } from '../../db/repositories/orders.repository';
import { refundableCredits, refundAmount, unusedBoughtCredits } from '../payments/refund-rules';
import { findDateOfBirthProblem } from '../profiles/age-rule';
import { presentMemberListItem } from './member-presenter';

type Rows<T extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>;

/** Everything the member page is read from: the member and one list per section. */
export interface MemberDetailRows {
  user: NonNullable<Rows<MemberAdminRepository['findMember']>>['user'];
  profile: NonNullable<Rows<MemberAdminRepository['findMember']>>['profile'];
  siteName: NonNullable<Rows<MemberAdminRepository['findMember']>>['siteName'];
  photoRows: Rows<MemberAdminRepository['photos']>;
  conversationRows: Rows<MemberAdminRepository['conversations']>;
  orderRows: Rows<OrdersRepository['listForMember']>;
  ledgerRows: Rows<OrdersRepository['ledgerForMember']>;
  mandateRows: Rows<MemberAdminRepository['mandates']>;
  sessionRows: Rows<MemberAdminRepository['sessions']>;
  steps: Rows<CreditsRepository['listSteps']>;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The member page as the console shows it, from its rows. */
export function presentMemberDetail(rows: MemberDetailRows, memberId: number, now: Date): MemberDetail {
  const { user, profile } = rows;
  return {
    member: presentMember(rows, now),
    profile: {
      gender: profile.gender,
      seeking: profile.seeking,
      date_of_birth: profile.dateOfBirth,
      country: profile.country,
      region: profile.region,
      city: profile.city,
      about: profile.about,
      status: profile.status,
      under_age: findDateOfBirthProblem(profile.dateOfBirth, now) === 'under_age',
    },
    photos: rows.photoRows.map((photo) => ({
      id: photo.id,
      thumb_url: `/media/photos/${photo.thumbFilename}`,
      status: photo.status,
      created_at: photo.createdAt.toISOString(),
    })),
    conversations: rows.conversationRows.map((row) => ({
      id: row.id,
      partner_id: row.partnerId,
      partner_name: row.partnerName,
      partner_fictional: row.partnerFictional,
      message_count: row.messageCount,
      started_by_member: row.startedBy === memberId,
      last_message_at: row.lastMessageAt.toISOString(),
    })),
    orders: presentOrders(rows, now),
    ledger: rows.ledgerRows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      delta: row.delta,
      balance_after: row.balanceAfter,
      reason: row.reason,
      reference: row.reference,
    })),
    mandates: rows.mandateRows.map((row) => ({
      id: row.id,
      order_id: row.orderId,
      account_holder: row.accountHolder,
      iban_last4: row.ibanLast4,
      confirmed_at: iso(row.confirmedAt),
      created_at: row.createdAt.toISOString(),
    })),
    sessions: rows.sessionRows.map((row) => ({ created_at: row.createdAt.toISOString(), expires_at: row.expiresAt.toISOString(), user_agent: row.userAgent })),
    last_active_at: user.lastActiveAt.toISOString(),
  };
}

function presentMember({ user, profile, siteName }: MemberDetailRows, now: Date): MemberDetail['member'] {
  // A suspension that has run out is over: nothing to show, nothing to lift.
  const suspended = user.suspendedUntil !== null && user.suspendedUntil > now;
  return {
    ...presentMemberListItem({ ...user, siteName, name: profile.name }),
    language: user.language,
    direct_debit_blocked: user.directDebitBlocked,
    invisible: user.isInvisible,
    banned_at: iso(user.bannedAt),
    ban_reason: user.banReason,
    hidden_at: iso(user.hiddenAt),
    hide_reason: user.hideReason,
    suspended_until: suspended ? user.suspendedUntil!.toISOString() : null,
    suspension_reason: suspended ? user.suspensionReason : null,
    deleted_at: iso(user.deletedAt),
    paid_at: iso(user.paidAt),
  };
}

function presentOrders({ orderRows, steps }: MemberDetailRows, now: Date): MemberDetail['orders'] {
  const unused = unusedBoughtCredits(steps);
  return orderRows.map((record) => {
    const { order, refund } = record;
    // Staff refund without the member's window: Infinity days.
    const credits = refundableCredits(record, unused, Number.POSITIVE_INFINITY, now);
    return {
      id: order.id,
      created_at: order.createdAt.toISOString(),
      credits: order.credits,
      price: { amount: order.amount, currency: order.currency },
      payment_method: order.paymentMethod,
      provider: order.provider,
      status: order.status,
      refund: refund
        ? { credits: refund.credits, price: { amount: refund.amount, currency: refund.currency }, created_at: refund.createdAt.toISOString() }
        : null,
      refundable_credits: credits,
      refundable_price: { amount: credits ? refundAmount(order.amount, order.credits, credits) : 0, currency: order.currency },
    };
  });
}

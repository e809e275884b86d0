import type { MemberDetail, MemberListQuery } from '../../../contract/admin/members';
import { hasPermission } from '../../../contract/admin/roles';
import type { Executor } from '../../db/client';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { createJobsRepository } from '../../db/repositories/jobs.repository';
import { createMemberAdminRepository, type MemberAdminRepository } from '../../db/repositories/member-admin.repository';
import { createOrdersRepository } from '../../db/repositories/orders.repository';
import { createStaffRepository } from '../../db/repositories/staff.repository';
import type { SiteRow, UserRow } from '../../db/schema/index';
import { PURGE_ACCOUNT_JOB } from '../accounts/account-deletion.service';
import { REACTIVATION_DAYS } from '../accounts/accounts.service';
import type { SessionEvents } from '../accounts/sessions.service';
import { fingerprintOfHash } from '../accounts/session-tokens';
import type { AuditService, StaffActor } from '../audit/audit.service';
import type { PaymentEvents } from '../payments/orders.service';
import { refundableCredits, refundAmount, unusedBoughtCredits } from '../payments/refund-rules';
import type { TransactionsService } from '../payments/transactions.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { auditableMember, presentMemberListItem } from './member-presenter';
import { searchTermOf } from './member-search';

const DAY = 86_400_000;
export const MESSAGES_PAGE_SIZE = 50;

/**
 * The console's members (issue 16): the search, the member page, and what staff may do to an
 * account. Every action locks the member's row, writes, and records its audit row in one
 * transaction, so two staff acting on one member take turns and nothing changes unrecorded;
 * what must reach other instances (ended sessions, a new balance) goes out after the commit.
 */
export function createMembersAdminService(deps: {
  db: Executor;
  audit: AuditService;
  clock: Clock;
  transactions: TransactionsService;
  sessionEvents?: SessionEvents;
  paymentEvents?: PaymentEvents;
  /** The member's site, for the mail a deletion sends. */
  findSite: (siteId: number) => Promise<SiteRow | null>;
  /** Mails the 14-day restore link, as a member's own deletion does. */
  sendReactivation: (site: SiteRow, user: UserRow) => Promise<void>;
  /** Replies held until the address was confirmed reach the member now. */
  onConfirmed?: (userId: number) => Promise<void>;
}) {
  const { db, audit, clock } = deps;
  const reader = createMemberAdminRepository(db);

  const endedSessions = async (userId: number, hashes: string[]) => {
    if (hashes.length) await deps.sessionEvents?.sessionsEnded(userId, hashes.map(fingerprintOfHash));
  };

  /** Runs `change` on the locked member inside one transaction with its audit row. */
  async function act<T>(memberId: number, change: (tx: Executor, members: MemberAdminRepository, before: UserRow) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const members = createMemberAdminRepository(tx);
      const before = await members.lock(memberId);
      if (!before) throw new AppError('not_found');
      return change(tx, members, before);
    });
  }

  async function detail(memberId: number): Promise<MemberDetail> {
    const found = await reader.findMember(memberId);
    if (!found) throw new AppError('not_found');
    const { user, profile, siteName } = found;
    const orders = createOrdersRepository(db);
    const [photoRows, conversationRows, orderRows, ledgerRows, mandateRows, sessionRows, steps] = await Promise.all([
      reader.photos(memberId),
      reader.conversations(memberId),
      orders.listForMember(memberId, 100),
      orders.ledgerForMember(memberId, { limit: 100 }),
      reader.mandates(memberId),
      reader.sessions(memberId),
      createCreditsRepository(db).listSteps(memberId),
    ]);
    const unused = unusedBoughtCredits(steps);
    const now = clock.now();
    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    return {
      member: {
        ...presentMemberListItem({ ...user, siteName, name: profile.name }),
        language: user.language,
        direct_debit_blocked: user.directDebitBlocked,
        invisible: user.isInvisible,
        banned_at: iso(user.bannedAt),
        ban_reason: user.banReason,
        deleted_at: iso(user.deletedAt),
        paid_at: iso(user.paidAt),
      },
      profile: {
        gender: profile.gender,
        seeking: profile.seeking,
        date_of_birth: profile.dateOfBirth,
        country: profile.country,
        region: profile.region,
        city: profile.city,
        about: profile.about,
        status: profile.status,
      },
      photos: photoRows.map((photo) => ({ id: photo.id, thumb_url: `/media/photos/${photo.thumbFilename}`, status: photo.status, created_at: photo.createdAt.toISOString() })),
      conversations: conversationRows.map((row) => ({
        id: row.id,
        partner_id: row.partnerId,
        partner_name: row.partnerName,
        partner_fictional: row.partnerFictional,
        message_count: row.messageCount,
        started_by_member: row.startedBy === memberId,
        last_message_at: row.lastMessageAt.toISOString(),
      })),
      orders: orderRows.map((record) => {
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
          refund: refund ? { credits: refund.credits, price: { amount: refund.amount, currency: refund.currency }, created_at: refund.createdAt.toISOString() } : null,
          refundable_credits: credits,
          refundable_price: { amount: credits ? refundAmount(order.amount, order.credits, credits) : 0, currency: order.currency },
        };
      }),
      ledger: ledgerRows.map((row) => ({ id: row.id, at: row.createdAt.toISOString(), delta: row.delta, balance_after: row.balanceAfter, reason: row.reason, reference: row.reference })),
      mandates: mandateRows.map((row) => ({ id: row.id, order_id: row.orderId, account_holder: row.accountHolder, iban_last4: row.ibanLast4, confirmed_at: iso(row.confirmedAt), created_at: row.createdAt.toISOString() })),
      sessions: sessionRows.map((row) => ({ created_at: row.createdAt.toISOString(), expires_at: row.expiresAt.toISOString(), user_agent: row.userAgent })),
      last_active_at: user.lastActiveAt.toISOString(),
    };
  }

  return {
    /** One page of the search; `limit` is one more than the page shows, to tell whether there is a next one. */
    search(query: MemberListQuery, window: { offset: number; limit: number }) {
      return reader.search({ term: searchTermOf(query.q), siteId: query.site_id, status: query.status, sort: query.sort, dir: query.dir, ...window });
    },

    detail,

    siteOptions: () => reader.siteOptions(),

    /**
     * A conversation's messages, newest first: a separate permission, and every reading leaves
     * an audit row (who read which member's conversation, how many messages) in the same
     * transaction as the read.
     */
    async readConversation(actor: StaffActor, memberId: number, conversationId: number, before?: number) {
      return db.transaction(async (tx) => {
        const members = createMemberAdminRepository(tx);
        const conversation = await members.findConversation(memberId, conversationId);
        if (!conversation) throw new AppError('not_found');
        const rows = await members.messages(conversationId, MESSAGES_PAGE_SIZE, before);
        await audit.record(tx, actor, {
          action: 'member.messages_read',
          targetType: 'conversation',
          targetId: conversationId,
          after: { member_id: memberId, partner_id: conversation.memberA === memberId ? conversation.memberB : conversation.memberA, messages: rows.length, ...(before && { before }) },
        });
        return {
          conversation_id: conversationId,
          messages: rows.map((row) => ({ id: row.id, from_member: row.senderId === memberId, kind: row.kind, text: row.body, gift_id: row.giftId, credits_spent: row.creditsSpent, at: row.createdAt.toISOString() })),
          next_before: rows.length === MESSAGES_PAGE_SIZE ? rows[rows.length - 1].id : null,
        };
      });
    },

    /**
     * Bans (or re-bans with a new reason): the member cannot sign in, their sessions end in the
     * same transaction and their open tabs close at once; their profile leaves search (the
     * visibility triggers of migration 0013).
     */
    async ban(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      const ended = await act(memberId, async (tx, members, before) => {
        const after = await members.setBan(memberId, { bannedAt: before.bannedAt ?? clock.now(), reason });
        const hashes = await members.deleteSessions(memberId);
        await audit.record(tx, actor, { action: 'member.ban', targetType: 'member', targetId: memberId, before: auditableMember(before), after: { ...auditableMember(after), sessions_ended: hashes.length } });
        return hashes;
      });
      await endedSessions(memberId, ended);
      return detail(memberId);
    },

    async liftBan(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      await act(memberId, async (tx, members, before) => {
        if (!before.bannedAt) return;
        const after = await members.setBan(memberId, null);
        await audit.record(tx, actor, { action: 'member.lift_ban', targetType: 'member', targetId: memberId, before: auditableMember(before), after: { ...auditableMember(after), reason } });
      });
      return detail(memberId);
    },

    /** Confirms the address for the member (a lost mail): what the activation link does. */
    async confirmEmail(actor: StaffActor, memberId: number): Promise<MemberDetail> {
      const confirmed = await act(memberId, async (tx, members, before) => {
        if (before.status === 'deleted') throw new AppError('member_deleted');
        if (before.status !== 'not_confirmed') return false;
        const after = await members.update(memberId, { status: 'active' });
        await members.activateProfile(memberId);
        await audit.record(tx, actor, { action: 'member.confirm_email', targetType: 'member', targetId: memberId, before: auditableMember(before), after: auditableMember(after) });
        return true;
      });
      if (confirmed) await deps.onConfirmed?.(memberId);
      return detail(memberId);
    },

    /** Lets the member pay by direct debit again after an operator's block. */
    async unblockDirectDebit(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      await act(memberId, async (tx, members, before) => {
        if (!before.directDebitBlocked) return;
        const after = await members.update(memberId, { directDebitBlocked: false });
        await audit.record(tx, actor, { action: 'member.unblock_direct_debit', targetType: 'member', targetId: memberId, before: auditableMember(before), after: { ...auditableMember(after), reason } });
      });
      return detail(memberId);
    },

    /**
     * Adds or takes credits: always a ledger entry (`adjustment`) that moves the balance with it,
     * never a write of the balance, never below zero. The console's key makes a retried request
     * book once: the member's row is locked, so a retry waits and then finds the first entry.
     */
    async correctCredits(actor: StaffActor, memberId: number, input: { delta: number; reason: string; idempotencyKey: string }): Promise<MemberDetail> {
      const key = `console:${input.idempotencyKey}`;
      const balance = await act(memberId, async (tx, _members, before) => {
        const credits = createCreditsRepository(tx);
        if (await credits.hasEntry(memberId, key)) return null;
        const after = await credits.apply({ userId: memberId, delta: input.delta, reason: 'adjustment', reference: `staff:${actor.id ?? 'system'}`, idempotencyKey: key, at: clock.now() });
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
      return detail(memberId);
    },

    /**
     * Refunds an order through its provider (the unused bought credits of ADR 0020, outside the
     * member's own window). Support may refund up to the limit the owner set on their staff
     * row, read in the refund's transaction; the refund row is unique per order, so a retry or a
     * second click refunds nothing more (409 refund_unavailable).
     */
    async refundOrder(actor: StaffActor, memberId: number, orderId: number, reason: string) {
      const booked = await deps.transactions.refundByStaff(memberId, orderId, async (tx, refund) => {
        if (actor.role === 'support') {
          const limit = actor.id === null ? 0 : ((await createStaffRepository(tx).findById(actor.id))?.refundLimitCredits ?? 0);
          if (refund.credits > limit) throw new AppError('refund_over_limit', { params: { limit } });
        }
        await audit.record(tx, actor, {
          action: 'order.refund',
          targetType: 'order',
          targetId: orderId,
          before: { refunded: false },
          after: { refunded: true, member_id: memberId, credits: refund.credits, amount: refund.amount, currency: refund.order.currency, provider: refund.order.provider, reason },
        });
      });
      return { ...(await detail(memberId)), refunded: { order_id: orderId, credits: booked.credits, price: { amount: booked.amount, currency: booked.order.currency } } };
    },

    /** Ends every session of the member; their open tabs close at once. */
    async signOutEverywhere(actor: StaffActor, memberId: number): Promise<MemberDetail> {
      const ended = await act(memberId, async (tx, members) => {
        const hashes = await members.deleteSessions(memberId);
        await audit.record(tx, actor, { action: 'member.sign_out', targetType: 'member', targetId: memberId, after: { sessions_ended: hashes.length } });
        return hashes;
      });
      await endedSessions(memberId, ended);
      return detail(memberId);
    },

    /**
     * Deletes the account as the member's own deletion does: hidden at once, sessions ended, the
     * restore link mailed, and the purge job after the 14 days.
     */
    async deleteAccount(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      const now = clock.now();
      const { ended, user } = await act(memberId, async (tx, members, before) => {
        if (before.status === 'deleted') throw new AppError('member_deleted');
        const after = await members.update(memberId, { status: 'deleted', deletedAt: now });
        const hashes = await members.deleteSessions(memberId);
        await createJobsRepository(tx).enqueue(PURGE_ACCOUNT_JOB, { userId: memberId }, new Date(now.getTime() + REACTIVATION_DAYS * DAY), now);
        await audit.record(tx, actor, { action: 'member.delete', targetType: 'member', targetId: memberId, before: auditableMember(before), after: { ...auditableMember(after), reason } });
        return { ended: hashes, user: after };
      });
      await endedSessions(memberId, ended);
      const site = await deps.findSite(user.siteId);
      if (site) await deps.sendReactivation(site, user);
      return detail(memberId);
    },

    /**
     * The member's data as JSON: account, profile, photos, orders, ledger, mandates, sessions and
     * conversations. The text of their messages only for staff who may read messages. The export
     * itself is audited.
     */
    async exportData(actor: StaffActor, memberId: number) {
      const page = await detail(memberId);
      const ledger: unknown[] = [];
      for (let after = 0; ; ) {
        const rows = await reader.ledgerPage(memberId, after, 1000);
        ledger.push(...rows.map((row) => ({ at: row.createdAt.toISOString(), delta: row.delta, balance_after: row.balanceAfter, reason: row.reason, reference: row.reference })));
        if (rows.length < 1000) break;
        after = rows[rows.length - 1].id;
      }
      const mandates = (await reader.fullMandates(memberId)).map((row) => ({
        id: row.id,
        order_id: row.orderId,
        account_holder: row.accountHolder,
        iban: row.iban,
        street: row.street,
        house_number: row.houseNumber,
        postal_code: row.postalCode,
        city: row.city,
        mobile: row.mobile,
        confirmed_at: row.confirmedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      }));
      const withMessages = actor.role !== 'system' && hasPermission(actor.role, 'members.messages');
      const messages: unknown[] = [];
      if (withMessages) {
        for (let after = 0; ; ) {
          const rows = await reader.sentMessagesPage(memberId, after, 1000);
          messages.push(...rows.map((row) => ({ conversation_id: row.conversationId, kind: row.kind, text: row.body, gift_id: row.giftId, at: row.createdAt.toISOString() })));
          if (rows.length < 1000) break;
          after = rows[rows.length - 1].id;
        }
      }
      await db.transaction((tx) =>
        audit.record(tx, actor, { action: 'member.export', targetType: 'member', targetId: memberId, after: { ledger_entries: ledger.length, messages_included: withMessages } }),
      );
      return {
        exported_at: clock.now().toISOString(),
        account: page.member,
        profile: page.profile,
        photos: page.photos,
        orders: page.orders.map(({ refundable_credits: _credits, refundable_price: _price, ...order }) => order),
        credit_ledger: ledger,
        sepa_mandates: mandates,
        sessions: page.sessions,
        conversations: page.conversations,
        ...(withMessages && { sent_messages: messages }),
      };
    },
  };
}

export type MembersAdminService = ReturnType<typeof createMembersAdminService>;

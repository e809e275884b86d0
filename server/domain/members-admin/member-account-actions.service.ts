import type { MemberDetail } from '../../../contract/admin/members';
import type { Executor } from '../../db/client';
import type { SiteRow, UserRow } from '../../db/schema/index';
import { confirmAddress, deleteAccount, endAllSessions } from '../accounts/account-rules';
import { announceEndedSessions, type SessionEvents } from '../accounts/sessions.service';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { scopeOfActor } from '../staff/site-scope';
import { actOnLockedMember } from './locked-member';
import type { GetMemberDetail } from './member-pages.service';
import { auditableMember } from './member-presenter';

/**
 * What staff may do to a member's account: ban and lift it, confirm the address, block direct
 * debit and allow it again, end the sessions, delete. Each answers with the member page as it is afterwards;
 * ended sessions are announced after the commit, so other instances close the tabs at once.
 */
export function createMemberAccountActions(deps: {
  db: Executor;
  audit: AuditService;
  clock: Clock;
  detail: GetMemberDetail;
  sessionEvents?: SessionEvents;
  /** The member's site, for the mail a deletion sends. */
  findSite: (siteId: number) => Promise<SiteRow | null>;
  /** Mails the 14-day restore link, as a member's own deletion does. */
  sendReactivation: (site: SiteRow, user: UserRow) => Promise<void>;
  /** Replies held until the address was confirmed reach the member now. */
  onConfirmed?: (userId: number) => Promise<void>;
}) {
  const { db, audit, clock, detail } = deps;

  const endedSessions = (userId: number, hashes: string[]) => announceEndedSessions(deps.sessionEvents, userId, hashes);

  return {
    /**
     * Bans (or re-bans with a new reason): the member cannot sign in, their sessions end in the
     * same transaction and their open tabs close at once; their profile leaves search (the
     * visibility rule, `member_visibility` of migration 0027).
     */
    async ban(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      const ended = await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx, members, before) => {
        const after = await members.setBan(memberId, { bannedAt: before.bannedAt ?? clock.now(), reason });
        const hashes = await endAllSessions(tx, memberId);
        await audit.record(tx, actor, {
          action: 'member.ban',
          targetType: 'member',
          targetId: memberId,
          before: auditableMember(before),
          after: { ...auditableMember(after), sessions_ended: hashes.length },
        });
        return hashes;
      });
      await endedSessions(memberId, ended);
      return detail(memberId, scopeOfActor(actor));
    },

    async liftBan(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx, members, before) => {
        if (!before.bannedAt) return;
        const after = await members.setBan(memberId, null);
        await audit.record(tx, actor, {
          action: 'member.lift_ban',
          targetType: 'member',
          targetId: memberId,
          before: auditableMember(before),
          after: { ...auditableMember(after), reason },
        });
      });
      return detail(memberId, scopeOfActor(actor));
    },

    /** Confirms the address for the member (a lost mail): what the activation link does. */
    async confirmEmail(actor: StaffActor, memberId: number): Promise<MemberDetail> {
      const confirmed = await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx, _members, before) => {
        if (before.status === 'deleted') throw new AppError('member_deleted');
        if (!(await confirmAddress(tx, before))) return false;
        await audit.record(tx, actor, {
          action: 'member.confirm_email',
          targetType: 'member',
          targetId: memberId,
          before: auditableMember(before),
          after: auditableMember({ ...before, status: 'active' }),
        });
        return true;
      });
      if (confirmed) await deps.onConfirmed?.(memberId);
      return detail(memberId, scopeOfActor(actor));
    },

    /**
     * Stops the member paying by direct debit (issue 33): a returned debit, a dispute, a
     * suspicion. Their next SEPA order is refused with the spec's blocked text.
     */
    async blockDirectDebit(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx, members, before) => {
        if (before.directDebitBlocked) return;
        const after = await members.update(memberId, { directDebitBlocked: true });
        await audit.record(tx, actor, {
          action: 'member.block_direct_debit',
          targetType: 'member',
          targetId: memberId,
          before: auditableMember(before),
          after: { ...auditableMember(after), reason },
        });
      });
      return detail(memberId, scopeOfActor(actor));
    },

    /** Lets the member pay by direct debit again after an operator's block. */
    async unblockDirectDebit(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx, members, before) => {
        if (!before.directDebitBlocked) return;
        const after = await members.update(memberId, { directDebitBlocked: false });
        await audit.record(tx, actor, {
          action: 'member.unblock_direct_debit',
          targetType: 'member',
          targetId: memberId,
          before: auditableMember(before),
          after: { ...auditableMember(after), reason },
        });
      });
      return detail(memberId, scopeOfActor(actor));
    },

    /** Ends every session of the member; their open tabs close at once. */
    async signOutEverywhere(actor: StaffActor, memberId: number): Promise<MemberDetail> {
      const ended = await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx) => {
        const hashes = await endAllSessions(tx, memberId);
        await audit.record(tx, actor, { action: 'member.sign_out', targetType: 'member', targetId: memberId, after: { sessions_ended: hashes.length } });
        return hashes;
      });
      await endedSessions(memberId, ended);
      return detail(memberId, scopeOfActor(actor));
    },

    /**
     * Deletes the account as the member's own deletion does: hidden at once, sessions ended, the
     * restore link mailed, and the purge job after the 14 days.
     */
    async deleteAccount(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      const now = clock.now();
      const { ended, user } = await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx, members, before) => {
        if (before.status === 'deleted') throw new AppError('member_deleted');
        const { user: after, endedSessions: hashes } = await deleteAccount(tx, memberId, now);
        await audit.record(tx, actor, {
          action: 'member.delete',
          targetType: 'member',
          targetId: memberId,
          before: auditableMember(before),
          after: { ...auditableMember(after), reason },
        });
        return { ended: hashes, user: after };
      });
      await endedSessions(memberId, ended);
      const site = await deps.findSite(user.siteId);
      if (site) await deps.sendReactivation(site, user);
      return detail(memberId, scopeOfActor(actor));
    },
  };
}

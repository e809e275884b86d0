import { MAX_SUSPENSION_DAYS, type MemberDetail } from '../../../contract/admin/members';
import type { Executor } from '../../db/client';
import { endAllSessions } from '../accounts/account-rules';
import { announceEndedSessions, type SessionEvents } from '../accounts/sessions.service';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { scopeOfActor } from '../staff/site-scope';
import { actOnLockedMember } from './locked-member';
import type { GetMemberDetail } from './member-pages.service';
import { auditableMember } from './member-presenter';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a suspension lasts: a number of days from now, or until a chosen moment. */
export type SuspensionLength = { days: number } | { until: Date };

/**
 * What moderators (and those who manage accounts) do to a person short of deleting them
 * (issue 32): hide the profile from everyone else, or suspend the account for a while; each
 * lifted again. Bans are `member-account-actions.ts`. Like every member action, each change and
 * its audit row commit together on the locked member, and ended sessions are announced after the
 * commit so the member's open tabs close at once on every instance.
 */
export function createMemberRestrictions(deps: { db: Executor; audit: AuditService; clock: Clock; detail: GetMemberDetail; sessionEvents?: SessionEvents }) {
  const { db, audit, clock, detail } = deps;

  /** The end of a suspension, refused unless it lies ahead and within the longest suspension. */
  const endOf = (length: SuspensionLength, now: Date): Date => {
    const until = 'days' in length ? new Date(now.getTime() + length.days * DAY_MS) : length.until;
    if (until <= now || until.getTime() - now.getTime() > MAX_SUSPENSION_DAYS * DAY_MS) {
      throw new AppError('suspension_end_invalid', {
        params: { max: MAX_SUSPENSION_DAYS },
        fields: [{ field: 'days' in length ? 'days' : 'until', code: 'suspension_end_invalid', params: { max: MAX_SUSPENSION_DAYS } }],
      });
    }
    return until;
  };

  return {
    /** Hides the profile from search, profiles and lists (the visibility rule of migration 0028); the member may still sign in. */
    async hideProfile(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx, members, before) => {
        if (before.status === 'deleted') throw new AppError('member_deleted');
        const after = await members.update(memberId, { hiddenAt: before.hiddenAt ?? clock.now(), hideReason: reason });
        await audit.record(tx, actor, {
          action: 'member.hide',
          targetType: 'member',
          targetId: memberId,
          before: auditableMember(before),
          after: auditableMember(after),
        });
      });
      return detail(memberId, scopeOfActor(actor));
    },

    /** Shows the profile again, as the member's own settings say; nothing to do when it is not hidden. */
    async showProfile(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx, members, before) => {
        if (!before.hiddenAt) return;
        const after = await members.update(memberId, { hiddenAt: null, hideReason: null });
        await audit.record(tx, actor, {
          action: 'member.show',
          targetType: 'member',
          targetId: memberId,
          before: auditableMember(before),
          after: { ...auditableMember(after), reason },
        });
      });
      return detail(memberId, scopeOfActor(actor));
    },

    /**
     * Suspends (or changes a suspension to a new end): every session ends at once and the member
     * cannot sign in until then; the log-in tells them until when. It lapses by itself.
     */
    async suspend(actor: StaffActor, memberId: number, length: SuspensionLength, reason: string): Promise<MemberDetail> {
      const until = endOf(length, clock.now());
      const ended = await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx, members, before) => {
        if (before.status === 'deleted') throw new AppError('member_deleted');
        const after = await members.update(memberId, { suspendedUntil: until, suspensionReason: reason });
        const hashes = await endAllSessions(tx, memberId);
        await audit.record(tx, actor, {
          action: 'member.suspend',
          targetType: 'member',
          targetId: memberId,
          before: auditableMember(before),
          after: { ...auditableMember(after), sessions_ended: hashes.length },
        });
        return hashes;
      });
      await announceEndedSessions(deps.sessionEvents, memberId, ended);
      return detail(memberId, scopeOfActor(actor));
    },

    /** Ends a suspension early; nothing to do when none is running. */
    async liftSuspension(actor: StaffActor, memberId: number, reason: string): Promise<MemberDetail> {
      await actOnLockedMember(db, scopeOfActor(actor), memberId, async (tx, members, before) => {
        if (!before.suspendedUntil || before.suspendedUntil <= clock.now()) return;
        const after = await members.update(memberId, { suspendedUntil: null, suspensionReason: null });
        await audit.record(tx, actor, {
          action: 'member.lift_suspension',
          targetType: 'member',
          targetId: memberId,
          before: auditableMember(before),
          after: { ...auditableMember(after), reason },
        });
      });
      return detail(memberId, scopeOfActor(actor));
    },
  };
}

import type { ReportInput } from '../../../contract/reports';
import type { Executor } from '../../db/client';
import { createReportsRepository, type ReportStatusFilter } from '../../db/repositories/reports.repository';
import { createStaffRepository } from '../../db/repositories/staff.repository';
import type { ReportRow, SiteRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { MemberNotices } from './member-notices';
import { assertSiteAllowed, scopeOfActor, staffSeesSite, type SiteScope } from '../staff/site-scope';

/** A member may send this many reports a day: enough for real trouble, too few to flood the queue. */
export const REPORTS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReportChange {
  /** The version the staff member saw; a save made since wins, and this one is refused. */
  version: number;
  status?: ReportRow['status'];
  assigneeId?: number | null;
  notes?: string;
  /** E-mailed to the reporter in their language, and kept on the report. */
  reply?: string;
}

/** The fields of a report the audit log compares before and after. */
function auditable(report: ReportRow) {
  return { status: report.status, assignee_id: report.assigneeId, notes: report.notes, reply_text: report.replyText };
}

/**
 * Members' reports (a profile, a conversation) and complaints (the `/complaints` page), and the
 * staff's queue: status, assignee, internal notes and an answer to the reporter by e-mail.
 */
export function createReportsService(deps: {
  db: Executor;
  audit: AuditService;
  notices: MemberNotices;
  clock: Clock;
  /** Puts the reported member's profile text in the moderators' text queue. */
  flagText: (profileId: number, reportId: number, executor: Executor) => Promise<void>;
  onError?: (error: unknown) => void;
}) {
  const reader = createReportsRepository(deps.db);
  const onError = deps.onError ?? ((error: unknown) => console.error('report reply failed', error));

  return {
    /**
     * Files a report. A conversation must be the reporter's own; nobody reports themselves. The
     * same open report sent twice is one report (a double click, a second tab).
     */
    async create(site: SiteRow, reporterId: number, input: ReportInput): Promise<{ id: number }> {
      let profileId = input.profile_id ?? null;
      const conversationId = input.conversation_id ?? null;
      if (profileId === reporterId) throw new AppError('not_yourself');
      if (conversationId) {
        profileId = await reader.conversationPartner(conversationId, reporterId);
        if (!profileId) throw new AppError('not_found');
      } else if (profileId && !(await reader.memberContact(profileId))) {
        throw new AppError('not_found');
      }
      // Complaints each say something of their own; only reports about the same target are one.
      const duplicate = profileId ? await reader.findOpenDuplicate(reporterId, { profileId, conversationId }) : null;
      if (duplicate) return { id: duplicate.id };
      const now = deps.clock.now();
      if ((await reader.countSince(reporterId, new Date(now.getTime() - DAY_MS))) >= REPORTS_PER_DAY) throw new AppError('rate_limited');

      return deps.db.transaction(async (tx) => {
        const report = await createReportsRepository(tx).insert({
          siteId: site.id,
          reporterId,
          kind: conversationId ? 'conversation' : profileId ? 'profile' : 'complaint',
          profileId,
          conversationId,
          reason: input.reason,
          text: input.text ?? '',
          createdAt: now,
          updatedAt: now,
        });
        if (profileId) await deps.flagText(profileId, report.id, tx);
        return { id: report.id };
      });
    },

    /** One page of the queue, of the staff member's sites only (a report belongs to the site it was filed on). */
    page: (
      status: ReportStatusFilter,
      order: { sort: 'created_at' | 'updated_at'; dir: 'asc' | 'desc' },
      window: { offset: number; limit: number },
      scope: SiteScope,
    ) => reader.page(status, order, window, scope),

    /** A report, or not found when it was filed on a site outside `scope`. */
    async detail(id: number, scope: SiteScope) {
      const row = await reader.detail(id);
      if (!row) throw new AppError('not_found');
      assertSiteAllowed(scope, row.report.siteId);
      const reporter = await reader.memberContact(row.report.reporterId);
      return { ...row, reporterLanguage: reporter?.language ?? 'en' };
    },

    /**
     * Saves status, assignee, notes and a reply in one go, audited in the same transaction. A
     * reply is e-mailed to the reporter once the change is committed.
     */
    async update(actor: StaffActor, id: number, change: ReportChange) {
      const { before, after } = await deps.db.transaction(async (tx) => {
        const repository = createReportsRepository(tx);
        const current = await repository.lock(id);
        if (!current) throw new AppError('not_found');
        assertSiteAllowed(scopeOfActor(actor), current.siteId);
        if (current.version !== change.version) throw new AppError('version_conflict');
        if (change.assigneeId) {
          const assignee = await createStaffRepository(tx).findById(change.assigneeId);
          if (!assignee || assignee.status !== 'active') {
            throw new AppError('validation_failed', { params: { fields: 'assignee_id' }, fields: [{ field: 'assignee_id', code: 'validation_failed' }] });
          }
          // A report goes only to someone who can open it (ADR 0060); an assignee kept from before their limits stays.
          if (change.assigneeId !== current.assigneeId && !staffSeesSite(assignee, current.siteId)) {
            throw new AppError('report_assignee_site_not_allowed', { fields: [{ field: 'assignee_id', code: 'report_assignee_site_not_allowed' }] });
          }
        }
        const now = deps.clock.now();
        const updated = await repository.update(id, {
          ...(change.status && { status: change.status }),
          ...(change.assigneeId !== undefined && { assigneeId: change.assigneeId }),
          ...(change.notes !== undefined && { notes: change.notes }),
          ...(change.reply && { replyText: change.reply, repliedAt: now }),
          updatedAt: now,
        });
        await deps.audit.record(tx, actor, {
          action: change.reply ? 'report.reply' : 'report.update',
          targetType: 'report',
          targetId: id,
          before: auditable(current),
          after: auditable(updated),
        });
        return { before: current, after: updated };
      });
      if (change.reply) {
        await deps.notices
          .mail(after.reporterId, 'report_reply', '/complaints', (t) => ({
            reply: change.reply!,
            reason: t(`report.reasons.${before.reason}`),
            number: String(id),
          }))
          .catch(onError);
      }
      return this.detail(id, scopeOfActor(actor));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

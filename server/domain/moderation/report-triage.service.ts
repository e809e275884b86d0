import { hasPermission } from '../../../contract/admin/roles';
import type { Executor } from '../../db/client';
import { createReportsRepository } from '../../db/repositories/reports.repository';
import { createStaffRepository } from '../../db/repositories/staff.repository';
import type { ReportRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { assertSiteAllowed, isSiteAllowed, scopeOfActor, staffSeesSite, type SiteScope } from '../staff/site-scope';

/** How many reports one bulk decision may close: a screenful, not the whole queue by accident. */
export const MAX_BULK_REPORTS = 100;

/**
 * Working through the reports queue (issue 32): whom a report can be given to, and closing many
 * at once. A bulk decision is one transaction with an audit row per report it changed; a report
 * someone else closed meanwhile is left as it is and counted as skipped.
 */
export function createReportTriageService(deps: { db: Executor; audit: AuditService; clock: Clock }) {
  return {
    /**
     * Every active staff member who may handle reports, by name; for a report, only those who may
     * see its site (ADR 0060). A report of a site outside `scope` is not found.
     */
    async assignees(reportId: number | null, scope: SiteScope): Promise<{ id: number; name: string; email: string; role: string }[]> {
      let siteId: number | null = null;
      if (reportId !== null) {
        const row = await createReportsRepository(deps.db).detail(reportId);
        if (!row) throw new AppError('not_found');
        assertSiteAllowed(scope, row.report.siteId);
        siteId = row.report.siteId;
      }
      const everyone = await createStaffRepository(deps.db).list();
      return everyone
        .filter((member) => member.status === 'active' && hasPermission(member.role, 'reports.handle'))
        .filter((member) => siteId === null || staffSeesSite(member, siteId))
        .map((member) => ({ id: member.id, name: member.name, email: member.email, role: member.role }))
        .sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email));
    },

    /** Resolves or rejects the open reports among `ids` in one go; reports of sites outside the actor's are skipped as unknown ones are. */
    async closeMany(actor: StaffActor, ids: number[], status: Extract<ReportRow['status'], 'resolved' | 'rejected'>) {
      return deps.db.transaction(async (tx) => {
        const repository = createReportsRepository(tx);
        const now = deps.clock.now();
        const updated: number[] = [];
        for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
          const current = await repository.lock(id);
          if (!current || !isSiteAllowed(scopeOfActor(actor), current.siteId)) continue;
          if (current.status === 'resolved' || current.status === 'rejected') continue;
          await repository.update(id, { status, updatedAt: now });
          await deps.audit.record(tx, actor, {
            action: 'report.update',
            targetType: 'report',
            targetId: id,
            before: { status: current.status },
            after: { status, bulk: true },
          });
          updated.push(id);
        }
        return { updated, skipped: ids.length - updated.length };
      });
    },
  };
}

export type ReportTriageService = ReturnType<typeof createReportTriageService>;

import { MESSAGES_AFTER_REPORT, MESSAGES_BEFORE_REPORT, type ReportEvidence } from '../../../contract/admin/report-evidence';
import type { Executor } from '../../db/client';
import { createReportEvidenceRepository } from '../../db/repositories/report-evidence.repository';
import { createReportsRepository } from '../../db/repositories/reports.repository';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import { assertSiteAllowed, scopeOfActor } from '../staff/site-scope';

/**
 * Shows staff what a report is about (issue 32), so nobody judges "Conversation #2" blind. The
 * reporter handed the conversation over by reporting it; still, reading its messages leaves an
 * audit row in the same transaction, as every reading of members' messages does.
 */
export function createReportEvidenceService(deps: { db: Executor; audit: AuditService }) {
  return {
    async evidence(actor: StaffActor, reportId: number): Promise<ReportEvidence> {
      return deps.db.transaction(async (tx) => {
        const row = await createReportsRepository(tx).detail(reportId);
        if (!row) throw new AppError('not_found');
        assertSiteAllowed(scopeOfActor(actor), row.report.siteId);
        const { report } = row;
        const evidence = createReportEvidenceRepository(tx);
        const photos = report.profileId ? await evidence.photosOf(report.profileId) : [];
        const about = report.profileId ? await evidence.aboutOf(report.profileId) : null;
        const messages = report.conversationId
          ? await evidence.messagesAround(report.conversationId, report.createdAt, { before: MESSAGES_BEFORE_REPORT, after: MESSAGES_AFTER_REPORT })
          : [];
        if (report.conversationId) {
          await deps.audit.record(tx, actor, {
            action: 'report.messages_read',
            targetType: 'conversation',
            targetId: report.conversationId,
            after: { report_id: reportId, messages: messages.length },
          });
        }
        return {
          report_id: reportId,
          photos: photos.map((photo) => ({
            id: photo.id,
            url: `/media/photos/${photo.filename}`,
            thumb_url: `/media/photos/${photo.thumbFilename}`,
            status: photo.status,
          })),
          about,
          messages: messages.map((message) => ({
            id: message.id,
            from_reporter: message.senderId === report.reporterId,
            kind: message.kind,
            text: message.body,
            gift_id: message.giftId,
            at: message.createdAt.toISOString(),
          })),
        };
      });
    },
  };
}

export type ReportEvidenceService = ReturnType<typeof createReportEvidenceService>;

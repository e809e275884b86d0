import type { FlaggedText, PendingPhoto, ReportDetail, ReportSummary } from '../../../contract/admin/moderation';
import type { ModerationService } from './moderation.service';
import type { ReportsService } from './reports.service';

type PhotoItem = Awaited<ReturnType<ModerationService['pendingPhotos']>>[number];
type TextItem = Awaited<ReturnType<ModerationService['flaggedTexts']>>[number];
type ReportItem = Awaited<ReturnType<ReportsService['page']>>[number];
type ReportDetailItem = Awaited<ReturnType<ReportsService['detail']>>;

export function presentPendingPhoto(row: PhotoItem): PendingPhoto {
  return {
    id: row.id,
    member_id: row.memberId,
    member_name: row.memberName,
    site_id: row.siteId,
    site_name: row.siteName,
    filename: row.filename,
    thumb_filename: row.thumbFilename,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentFlaggedText(row: TextItem): FlaggedText {
  return {
    id: row.id,
    member_id: row.memberId,
    member_name: row.memberName,
    site_name: row.siteName,
    about: row.about,
    held: row.held,
    signals: row.signals,
    report_id: row.reportId,
    report_reason: row.reportReason,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentReportSummary({ report, siteName, reporterName, profileName, assigneeEmail }: ReportItem): ReportSummary {
  return {
    id: report.id,
    kind: report.kind,
    reason: report.reason,
    status: report.status,
    site_name: siteName,
    reporter_id: report.reporterId,
    reporter_name: reporterName ?? '',
    profile_id: report.profileId,
    profile_name: profileName,
    assignee_email: assigneeEmail,
    text: report.text,
    created_at: report.createdAt.toISOString(),
    updated_at: report.updatedAt.toISOString(),
  };
}

export function presentReportDetail(row: ReportDetailItem): ReportDetail {
  const { report } = row;
  return {
    ...presentReportSummary(row),
    conversation_id: report.conversationId,
    text: report.text,
    assignee_id: report.assigneeId,
    notes: report.notes,
    reporter_language: row.reporterLanguage,
    reply_text: report.replyText,
    replied_at: report.repliedAt?.toISOString() ?? null,
    version: report.version,
  };
}

/** A page of `limit + 1` rows (see pageWindow): the extra row only says there is another page. */
export function pageOf<Row, Item>(rows: Row[], query: { page: number; page_size: number }, present: (row: Row) => Item) {
  return { items: rows.slice(0, query.page_size).map(present), page: query.page, page_size: query.page_size, has_more: rows.length > query.page_size };
}

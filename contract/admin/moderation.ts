import { z } from 'zod';
import { REPORT_REASONS } from '../reports';
import { SAFETY_CATEGORIES } from '../safety';
import { RecordIdParam, text } from '../inputs';
import { listPage, listQuery } from './list';

/** Why a photo is refused; the member reads the reason in their own language. */
export const PHOTO_REJECTION_REASONS = ['not_the_member', 'nudity', 'contact_details', 'poor_quality', 'other'] as const;
/** Why a profile text is removed. */
export const TEXT_REMOVAL_REASONS = ['contact_details', 'offensive', 'spam', 'other'] as const;

export const PendingPhoto = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  member_name: z.string(),
  site_id: z.number().int(),
  site_name: z.string(),
  filename: z.string(),
  thumb_filename: z.string(),
  created_at: z.string(),
});
export type PendingPhoto = z.infer<typeof PendingPhoto>;
/** The photo queue: oldest first (members waited longest), and only in that order. */
export const PhotoQueueQuery = listQuery(['created_at'], 'created_at', 'asc');
export const PhotoQueuePage = listPage(PendingPhoto);
export const PhotoIdParams = z.object({ id: RecordIdParam });
export const PhotoDecisionInput = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({ decision: z.literal('reject'), reason: z.enum(PHOTO_REJECTION_REASONS) }),
]);
export const PhotoDecisionResponse = z.object({ id: z.number().int(), status: z.enum(['active', 'rejected']) });

export const FlaggedText = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  member_name: z.string(),
  site_name: z.string(),
  about: z.string(),
  /** The text was held back when the member saved it (issue 32): keeping it puts it live. */
  held: z.boolean(),
  /** What the safety signals found in a held text. */
  signals: z.array(z.enum(SAFETY_CATEGORIES)),
  report_id: z.number().int().nullable(),
  report_reason: z.enum(REPORT_REASONS).nullable(),
  created_at: z.string(),
});
export type FlaggedText = z.infer<typeof FlaggedText>;
export const TextQueueQuery = listQuery(['created_at'], 'created_at', 'asc');
export const TextQueuePage = listPage(FlaggedText);
export const TextFlagIdParams = z.object({ id: RecordIdParam });
export const TextDecisionInput = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('keep') }),
  z.object({ decision: z.literal('remove'), reason: z.enum(TEXT_REMOVAL_REASONS) }),
]);
export const TextDecisionResponse = z.object({ id: z.number().int(), outcome: z.enum(['kept', 'removed']) });

/** How long the moderation queues are, for the dashboard. */
export const ModerationQueueSizes = z.object({ pending_photos: z.number().int(), flagged_texts: z.number().int(), open_reports: z.number().int() });
export type ModerationQueueSizes = z.infer<typeof ModerationQueueSizes>;

export const REPORT_STATUSES = ['new', 'in_progress', 'resolved', 'rejected'] as const;
export const ReportSummary = z.object({
  id: z.number().int(),
  kind: z.enum(['profile', 'conversation', 'complaint']),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(REPORT_STATUSES),
  site_name: z.string(),
  reporter_id: z.number().int(),
  reporter_name: z.string(),
  profile_id: z.number().int().nullable(),
  profile_name: z.string().nullable(),
  assignee_email: z.string().nullable(),
  /** The reporter's own words (for "other" the only description there is), shortened in lists. */
  text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReportSummary = z.infer<typeof ReportSummary>;
export const ReportDetail = ReportSummary.extend({
  conversation_id: z.number().int().nullable(),
  text: z.string(),
  assignee_id: z.number().int().nullable(),
  notes: z.string(),
  reporter_language: z.string(),
  reply_text: z.string().nullable(),
  replied_at: z.string().nullable(),
  version: z.number().int(),
});
export type ReportDetail = z.infer<typeof ReportDetail>;
export const ReportListQuery = listQuery(['created_at', 'updated_at'], 'created_at', 'asc').extend({
  /** `open` is new and in progress together: what still needs someone. */
  status: z.enum([...REPORT_STATUSES, 'open', 'all']).default('open'),
});
export const ReportListPage = listPage(ReportSummary);
export const ReportIdParams = z.object({ id: RecordIdParam });
/**
 * One save of a report: any of status, assignee (`null` unassigns), notes, and a reply that is
 * e-mailed to the reporter. Refused with 409 when the report changed since `version`.
 */
export const UpdateReportInput = z.object({
  version: z.number().int().min(1),
  status: z.enum(REPORT_STATUSES).optional(),
  assignee_id: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
  notes: text({ multiline: true }).max(10_000).optional(),
  reply: text({ trim: true, multiline: true }).min(1).max(5000).optional(),
});

/** Taking down a live photo (issue 32): the reasons are the queue's, told to the member in their language. */
export const RemovePhotoInput = z.object({ reason: z.enum(PHOTO_REJECTION_REASONS) });
export const RemovePhotoResponse = z.object({ id: z.number().int(), member_id: z.number().int(), status: z.literal('removed') });
/** Taking down a member's live profile text (issue 32). */
export const RemoveProfileTextInput = z.object({ reason: z.enum(TEXT_REMOVAL_REASONS) });
export const RemoveProfileTextResponse = z.object({ member_id: z.number().int(), removed: z.literal(true) });

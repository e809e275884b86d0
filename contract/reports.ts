import { z } from 'zod';
import { RecordId, text } from './inputs';

/** Why a member reports a profile or a conversation (issue 16); the dialog lists them in this order. */
export const REPORT_REASONS = ['fake_profile', 'harassment', 'threats', 'spam_or_scam', 'underage', 'inappropriate_photo', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How long the text of a report must be when its reason is "other", and at most (a report, not a letter). */
export const OTHER_TEXT_MIN = 10;
export const REPORT_TEXT_MAX = 2000;

/**
 * `POST /api/reports.php`: a report names one profile or one conversation. Without either it is a
 * complaint from the `/complaints` page, about the service itself, and then its text is required.
 */
export const ReportInput = z
  .object({
    profile_id: RecordId.optional(),
    conversation_id: RecordId.optional(),
    reason: z.enum(REPORT_REASONS),
    text: text({ trim: true, multiline: true }).max(REPORT_TEXT_MAX).optional(),
  })
  .refine((input) => !(input.profile_id && input.conversation_id), { message: 'give profile_id or conversation_id, not both', path: ['conversation_id'] })
  // "Something else" says nothing by itself: the member writes what is wrong (issue 32).
  .refine((input) => input.reason !== 'other' || (input.text ?? '').length >= OTHER_TEXT_MIN, {
    message: `"other" needs a text of at least ${OTHER_TEXT_MIN} characters`,
    path: ['text'],
  })
  .refine((input) => input.profile_id || input.conversation_id || (input.text ?? '').length >= 10, {
    message: 'a complaint needs a text of at least 10 characters',
    path: ['text'],
  });
export type ReportInput = z.infer<typeof ReportInput>;

export const ReportCreated = z.object({ id: z.number().int() });

import { z } from 'zod';
import { RecordId, RecordIdParam } from '../inputs';
import { PHOTO_REJECTION_REASONS, TEXT_REMOVAL_REASONS } from './moderation';

/** One decision on many items of a queue: at most a screenful, each id once. */
const ids = z
  .array(RecordId)
  .min(1)
  .max(100)
  .refine((list) => new Set(list).size === list.length, { message: 'each id once' });

/**
 * `GET /api/admin/report-assignees?report_id=`: with a report, only those who may see its site
 * (ADR 0060); without one, every active staff member who handles reports.
 */
export const ReportAssigneesQuery = z.object({ report_id: RecordIdParam.optional() });
/** Staff a report can be given to: every active staff member who handles reports (and may see its site). */
export const ReportAssignees = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.string() })),
});

/** Resolve or dismiss several reports at once (issue 32). */
export const BulkReportInput = z.object({ ids, status: z.enum(['resolved', 'rejected']) });
export const BulkReportResponse = z.object({ updated: z.array(z.number().int()), skipped: z.number().int() });

/** Approve or reject several photos of the queue at once; a rejection names one reason for all. */
export const BulkPhotoDecisionInput = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), ids }),
  z.object({ decision: z.literal('reject'), ids, reason: z.enum(PHOTO_REJECTION_REASONS) }),
]);
/** Keep or remove several flagged texts at once. */
export const BulkTextDecisionInput = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('keep'), ids }),
  z.object({ decision: z.literal('remove'), ids, reason: z.enum(TEXT_REMOVAL_REASONS) }),
]);
/** What a bulk queue decision did: the ids decided, and those someone else had decided already. */
export const BulkDecisionResponse = z.object({ decided: z.array(z.number().int()), skipped: z.array(z.number().int()) });

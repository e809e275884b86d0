import { z } from 'zod';
import { RecordIdParam, text } from '../inputs';

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_id: z.number().int().nullable(),
  staff_email: z.string(),
  role: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const word = text({ trim: true })
  .max(60)
  .regex(/^[\w.:-]*$/, 'letters, digits and . _ : - only');
export const AuditQuery = z.object({
  staff_id: RecordIdParam.optional(),
  /** An action or its area's prefix: `staff` finds `staff.invite` and `staff.update`. */
  action: word.optional(),
  target_type: word.optional(),
  target_id: word.optional(),
  from: z.iso.date().optional(),
  /** Inclusive: the whole day. */
  to: z.iso.date().optional(),
  /** The id of the last entry of the previous page. */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z.object({ entries: z.array(AuditEntry), next_before: z.number().int().nullable() });

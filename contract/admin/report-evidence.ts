import { z } from 'zod';

/** How much of a reported conversation staff see: what led up to the report, and what came after. */
export const MESSAGES_BEFORE_REPORT = 20;
export const MESSAGES_AFTER_REPORT = 10;

/**
 * What a report is about, beside the report itself (issue 32): the reported member's photos and
 * profile text as others see them now, and for a conversation the messages around the moment of
 * the report. Staff read it as text, never as HTML.
 */
export const ReportEvidence = z.object({
  report_id: z.number().int(),
  photos: z.array(z.object({ id: z.number().int(), url: z.string(), thumb_url: z.string(), status: z.string() })),
  /** Null when the report names no member (a complaint) or the member is gone. */
  about: z.string().nullable(),
  messages: z.array(
    z.object({
      id: z.number().int(),
      /** Written by the reporter (else by the reported member). */
      from_reporter: z.boolean(),
      kind: z.string(),
      text: z.string(),
      gift_id: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type ReportEvidence = z.infer<typeof ReportEvidence>;

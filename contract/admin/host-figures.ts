import { z } from 'zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** Per-host figures (issue 32) for the days `from` to `to`, both included (UTC). */
export const HostFiguresQuery = z.object({ from: day, to: day });

export const HostFiguresLine = z.object({
  staff_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  conversations_answered: z.number().int(),
  messages_sent: z.number().int(),
  /** Seconds from the member's message to the answer; null without answers to time. */
  median_reply_seconds: z.number().int().nullable(),
  average_reply_seconds: z.number().int().nullable(),
  /** Credits members spent on messages in those conversations that the host's answer followed. */
  credits_spent: z.number().int(),
});
export const HostFigures = z.object({ from: z.string(), to: z.string(), items: z.array(HostFiguresLine) });
export type HostFigures = z.infer<typeof HostFigures>;

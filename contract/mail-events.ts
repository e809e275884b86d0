import { z } from 'zod';

/**
 * `POST /api/mail-events.php`: what the mail provider reports about delivered mail (docs/mail-events.md).
 * `bounce` is a permanent (hard) bounce, `complaint` a spam complaint (feedback loop),
 * `unsubscribe` an unsubscribe the provider took (its own list-unsubscribe handling).
 * `soft_bounce` (a full mailbox, a greylisting delay) is accepted and changes nothing.
 */
export const MAIL_EVENT_TYPES = ['bounce', 'soft_bounce', 'complaint', 'unsubscribe'] as const;
export type MailEventType = (typeof MAIL_EVENT_TYPES)[number];

export const MailEvent = z.object({
  type: z.enum(MAIL_EVENT_TYPES),
  email: z
    .string()
    .trim()
    .min(3)
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+$/, 'an e-mail address'),
  /**
   * Which stream the mail was on, when the provider knows it (or from the mail's Feedback-ID).
   * A complaint or unsubscribe about transactional mail stops no notifications (ADR 0066).
   */
  stream: z.enum(['transactional', 'bulk']).optional(),
  /** When it happened (ISO 8601); informational. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type MailEvent = z.infer<typeof MailEvent>;

export const MailEventsInput = z.object({ events: z.array(MailEvent).min(1).max(1000) });
export type MailEventsInput = z.infer<typeof MailEventsInput>;

export const MailEventsResponse = z.object({
  ok: z.literal(true),
  /** How many events stopped mail (soft bounces and unknown addresses do not). */
  applied: z.number().int(),
  /** How many member accounts now have mail stopped by them (an address may have an account on several sites). */
  accounts: z.number().int(),
});

/** `POST /api/unsubscribe.php` and the `/unsubscribe` page: which kind the signed link switched off. */
export const UnsubscribeResponse = z.object({ ok: z.literal(true), kind: z.string() });

/**
 * `POST /api/mail-bounce.php`: what a piped bounce (DSN) did. `bounce`: a permanent failure,
 * the address's notification mail stopped as a webhook hard bounce stops it; `soft_bounce`: a
 * temporary failure, nothing changed; `none`: a success report, nothing changed.
 */
export const PipedBounceResponse = z.object({
  ok: z.literal(true),
  outcome: z.enum(['bounce', 'soft_bounce', 'none']),
  /** How many member accounts now have mail stopped by it. */
  accounts: z.number().int(),
});

import { z } from 'zod';

/** Spec §3 notification types; members switch each kind off or on, by e-mail and by push. */
export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The kinds that also arrive as a push message: the ones about another member, right now. */
export const PUSH_NOTIFICATION_TYPES = ['new_conversations', 'new_messages', 'like'] as const satisfies readonly NotificationType[];
export type PushNotificationType = (typeof PUSH_NOTIFICATION_TYPES)[number];

/** Spec §4: why no notification mail may reach a member at all (set from the mail provider's events). */
export const MAIL_DISABLED_REASONS = ['bounce', 'fbl', 'listunsubscribe'] as const;
export type MailDisabledReason = (typeof MAIL_DISABLED_REASONS)[number];

/** `PUT /api/notifications.php`: the kinds switched off; a list left out stays as it was. */
export const NotificationSettingsInput = z.object({
  email_off: z.array(z.enum(NOTIFICATION_TYPES)).max(NOTIFICATION_TYPES.length).optional(),
  push_off: z.array(z.enum(PUSH_NOTIFICATION_TYPES)).max(PUSH_NOTIFICATION_TYPES.length).optional(),
  /** "Send me mail again" after a bounce, a spam complaint or a provider's unsubscribe: clears `notifications_disabled`. */
  resume_mail: z.literal(true).optional(),
});
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInput>;

/** The member's notification preferences as `user.php` returns them. */
export const NotificationSettings = z.object({
  email_off: z.array(z.enum(NOTIFICATION_TYPES)),
  push_off: z.array(z.enum(PUSH_NOTIFICATION_TYPES)),
});

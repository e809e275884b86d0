import type { NotificationType } from '../../../contract/notifications';
import type { Executor } from '../../db/client';

/**
 * What a notification says. Texts come from the member's language: `notify.<template>.subject`,
 * `.body`, `.action` (and `.push_title` / `.push_body` for push) with `values` filled in; an
 * operator's broadcast brings its own `text` instead.
 */
export interface NotificationContent {
  template: string;
  values?: Record<string, string | number>;
  /** Literal texts (an operator's `news`), used instead of the template's. */
  text?: { subject: string; body: string };
  /** The path on the member's own site that the mail's button and a push click open, e.g. `/chats/12`. */
  path: string;
  /** Extra entries listed under the body (the weekly digest's members): a line each, linking to `path`. */
  items?: { title: string; subtitle?: string; path: string; imageUrl?: string }[];
}

export interface NotifyOptions {
  /**
   * Once-only: a second notify with the same key (a retried job, a rule firing twice) sends
   * nothing. Stored per channel in `notification_sends`.
   */
  key: string;
  /** What within the kind the send is about (a conversation id, a week), read back by `lastSentAt`. */
  topic?: string;
  /** Default: e-mail, plus push for the push kinds. */
  channels?: ('email' | 'push')[];
}

export interface NotifyResult {
  email: boolean;
  push: boolean;
}

/**
 * The one door every notification goes through: it honours the member's per-kind e-mail and
 * push preferences, never mails a member whose mail is disabled for a reason (spec §4) or who
 * is deleted, banned or fictional, and renders in the member's language and the site's brand.
 */
export interface Notifier {
  notify(userId: number, kind: NotificationType, content: NotificationContent, options: NotifyOptions): Promise<NotifyResult>;
  /** When this member last got a notification of this kind (and topic) by any channel, or null. */
  lastSentAt(userId: number, kind: NotificationType, topic?: string, executor?: Executor): Promise<Date | null>;
}

/** The push port belongs to the push adapter; the notifier hands its messages to it. */
export type { PushMessage, PushSender } from '../../adapters/push/push.port';

import crypto from 'node:crypto';
import { PUSH_NOTIFICATION_TYPES, type NotificationType } from '../../../contract/notifications';
import { DEFAULT_LANGUAGE, toSupportedLanguage } from '../../../contract/locales';
import type { Mailer } from '../../adapters/mail/mail.port';
import type { Executor } from '../../db/client';
import { createMailRecipientsRepository, type MailRecipientRecord } from '../../db/repositories/mail-recipients.repository';
import { createNotificationSendsRepository, type NotificationChannel } from '../../db/repositories/notification-sends.repository';
import type { Translator } from '../../i18n/translator';
import { buildNotificationMail, sitePath } from '../mail/notification-mail';
import type { Clock } from '../shared/clock';
import type { SiteUrls } from '../sites/site-urls';
import type { NotificationContent, Notifier, NotifyOptions, NotifyResult, PushSender } from './notifier.port';
import { createUnsubscribeTokens } from './unsubscribe-token';

export interface NotifierDeps {
  db: Executor;
  mailer: Mailer;
  translator: Translator;
  urls: SiteUrls;
  /** `secrets.unsubscribeSecret`: signs the unsubscribe links. */
  unsubscribeSecret: string;
  clock: Clock;
  /** The local part that takes unsubscribe mails (`MAIL_UNSUBSCRIBE_TO`); with it List-Unsubscribe also has a `mailto:`. */
  unsubscribeMailbox?: string | null;
  /** Web push, when the deployment has it; without it only mail goes out. */
  push?: PushSender;
}

/** As long as the job lease: a crashed worker's claims lapse when its jobs go back to the queue. */
const CLAIM_LEASE_MS = 5 * 60_000;

const isPushKind = (kind: NotificationType) => (PUSH_NOTIFICATION_TYPES as readonly string[]).includes(kind);

/** Whether nothing at all may reach this account: it is gone, banned, or an operator's fictional profile. */
const isUnreachable = (member: MailRecipientRecord) => member.status === 'deleted' || member.isBanned || member.isFictional;

/**
 * Whether this member may get this kind by e-mail: mail not stopped for a reason (spec §4),
 * the kind not switched off, and an unconfirmed member only the reminders to confirm (spec §4:
 * unconfirmed members cannot get replies, so there is nothing else to tell them about).
 */
export function mayMail(member: MailRecipientRecord, kind: NotificationType): boolean {
  if (isUnreachable(member) || member.notificationsDisabled.length > 0) return false;
  if (member.emailNotificationsOff.includes(kind)) return false;
  return member.status === 'active' || kind === 'reminders';
}

/** Whether this member may get this kind as a push message (only the push kinds, not switched off). */
export function mayPush(member: MailRecipientRecord, kind: NotificationType): boolean {
  return !isUnreachable(member) && member.status === 'active' && isPushKind(kind) && !member.pushNotificationsOff.includes(kind);
}

/** A Message-ID from the notify key: every try of one notification carries the same one. */
export function notificationMessageId(key: string, domain: string): string {
  return `<notify.${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

/**
 * The Notifier: the one door every notification goes through (see notifier.port.ts).
 *
 * Once-only per key and channel: it claims the key (`notification_claims`, one statement that
 * also skips keys already in `notification_sends`) before sending, and records after a
 * successful send; two jobs reaching one member at once cannot both send. A failed send gives
 * the claim back, so the retried job sends. A crash between the send and the record leaves no
 * row: once the claim's lease lapses, a retry sends that channel again — at-least-once, the
 * window being one insert long. Recording first would instead lose a notification for good
 * whenever the send then failed. The mail's Message-ID is derived from the key, so a receiving
 * server that deduplicates can still drop the rare second copy.
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const recipients = createMailRecipientsRepository(deps.db);
  const sends = createNotificationSendsRepository(deps.db);
  const tokens = createUnsubscribeTokens(deps.unsubscribeSecret);

  async function sendMail(member: MailRecipientRecord, kind: NotificationType, content: NotificationContent, key: string) {
    const language = toSupportedLanguage(member.language) ?? toSupportedLanguage(member.site.domainLanguage) ?? DEFAULT_LANGUAGE;
    const token = tokens.issue(member.userId, kind);
    const mail = buildNotificationMail(deps.translator.forLanguage(language), deps.urls, {
      site: member.site,
      to: { email: member.email, name: member.name, language },
      kind,
      content,
      unsubscribe: {
        oneClickUrl: deps.urls.urlOf(member.site, `/api/unsubscribe.php?token=${token}`),
        pageUrl: deps.urls.urlOf(member.site, `/unsubscribe?token=${token}`),
        // The same signed token in the subject: a mail to this address does what the one-click POST does.
        ...(deps.unsubscribeMailbox ? { mailto: `mailto:${deps.unsubscribeMailbox}@${member.site.domain}?subject=unsubscribe-${token}` } : {}),
      },
      messageId: notificationMessageId(key, member.site.domain),
    });
    await deps.mailer.send(mail);
  }

  async function sendPush(member: MailRecipientRecord, kind: NotificationType, content: NotificationContent, topic: string): Promise<boolean> {
    const language = toSupportedLanguage(member.language) ?? DEFAULT_LANGUAGE;
    const t = deps.translator.forLanguage(language);
    const vars = { site_name: member.site.name, name: member.name, ...content.values };
    const subject = content.text?.subject ?? t(`notify.${content.template}.subject`, { ...vars, defaultValue: t('mail.notification.generic.subject', vars) });
    const body = content.text?.body ?? t(`notify.${content.template}.body`, { ...vars, defaultValue: t('mail.notification.generic.body', vars) });
    const title = t(`notify.${content.template}.push_title`, { ...vars, defaultValue: subject });
    const text = t(`notify.${content.template}.push_body`, { ...vars, defaultValue: body });
    const delivered = await deps.push!.send(member.userId, { title, body: text, path: sitePath(content.path), tag: `${kind}:${topic}` });
    return delivered > 0;
  }

  return {
    async notify(userId, kind, content, options: NotifyOptions): Promise<NotifyResult> {
      const result: NotifyResult = { email: false, push: false };
      const member = await recipients.findRecipient(userId);
      if (!member) return result;
      const channels = options.channels ?? ['email', 'push'];
      const topic = options.topic ?? '';
      const wanted: NotificationChannel[] = [];
      if (channels.includes('email') && mayMail(member, kind)) wanted.push('email');
      if (channels.includes('push') && deps.push && mayPush(member, kind)) wanted.push('push');
      if (!wanted.length) return result;

      const keyOf = (channel: NotificationChannel) => `${options.key}:${channel}`;
      const ours = await sends.claimUnsent(wanted.map(keyOf), deps.clock.now(), CLAIM_LEASE_MS);
      for (const channel of wanted) {
        const key = keyOf(channel);
        if (!ours.has(key)) continue; // sent already, or being sent by another job right now
        try {
          if (channel === 'email') await sendMail(member, kind, content, options.key);
          else if (!(await sendPush(member, kind, content, topic))) {
            await sends.release(key); // no device took it: nothing to record, a later try may
            continue;
          }
        } catch (error) {
          await sends.release(key);
          throw error;
        }
        await sends.record({ key, userId, kind, topic, channel, sentAt: deps.clock.now() });
        result[channel] = true;
      }
      return result;
    },

    async lastSentAt(userId, kind, topic, executor) {
      return (executor ? createNotificationSendsRepository(executor) : sends).findLatest(userId, kind, topic);
    },
  };
}

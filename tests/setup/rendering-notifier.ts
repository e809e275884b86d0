import { and, desc, eq, sql } from 'drizzle-orm';
import { isSupportedLanguage, type Language } from '../../contract/locales';
import type { NotificationType } from '../../contract/notifications';
import type { Database } from '../../server/db/client';
import { notificationSends, users } from '../../server/db/schema/index';
import type { NotificationContent, Notifier, NotifyOptions } from '../../server/domain/notifications/notifier.port';
import type { Clock } from '../../server/domain/shared/clock';
import type { Translator } from '../../server/i18n/translator';

export interface RenderedNotification {
  userId: number;
  kind: NotificationType;
  content: NotificationContent;
  options: NotifyOptions;
  language: Language;
  /** The subject and body as the member reads them (the template's texts in their language, or the broadcast's). */
  subject: string;
  body: string;
  action: string;
}

/**
 * A notifier for the scheduled rules' tests (beside the plain recording one), keeping the port's promises on the real database: once per
 * key (a row in notification_sends with the topic), the member's per-kind switch, the reasons
 * mail is stopped, deleted, banned and fictional members. It renders the texts in the member's
 * language (so a missing or untranslated key shows) and records instead of mailing.
 */
export function createRenderingNotifier(deps: { db: Database; clock: Clock; translator: Translator }) {
  const sent: RenderedNotification[] = [];
  const notifier: Notifier & { sent: RenderedNotification[]; to(userId: number): RenderedNotification[]; clear(): void } = {
    sent,
    to: (userId) => sent.filter((entry) => entry.userId === userId),
    clear: () => void sent.splice(0, sent.length),
    async notify(userId, kind, content, options) {
      const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
      if (!user || user.status === 'deleted' || user.bannedAt || user.isFictional) return { email: false, push: false };
      if (user.notificationsDisabled.length || user.emailNotificationsOff.includes(kind)) return { email: false, push: false };
      const claimed = await deps.db
        .insert(notificationSends)
        .values({ key: `${options.key}:email`, userId, kind, topic: options.topic ?? '', channel: 'email', sentAt: deps.clock.now() })
        .onConflictDoNothing()
        .returning({ key: notificationSends.key });
      if (!claimed.length) return { email: false, push: false };
      const language: Language = isSupportedLanguage(user.language) ? user.language : 'en';
      const t = deps.translator.forLanguage(language);
      const render = (part: 'subject' | 'body' | 'action') => {
        if (content.text && part !== 'action') return content.text[part];
        const key = `notify.${content.template}.${part}`;
        const text = t(key, content.values ?? {});
        if (text === key) throw new Error(`missing text ${key} (${language})`);
        return text;
      };
      sent.push({ userId, kind, content, options, language, subject: render('subject'), body: render('body'), action: render('action') });
      return { email: true, push: false };
    },
    async lastSentAt(userId, kind, topic) {
      const [row] = await deps.db
        .select({ sentAt: notificationSends.sentAt })
        .from(notificationSends)
        .where(
          and(eq(notificationSends.userId, userId), eq(notificationSends.kind, kind), topic === undefined ? sql`true` : eq(notificationSends.topic, topic)),
        )
        .orderBy(desc(notificationSends.sentAt))
        .limit(1);
      return row?.sentAt ?? null;
    },
  };
  return notifier;
}

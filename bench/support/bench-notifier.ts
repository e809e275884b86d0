import { sql } from 'drizzle-orm';
import { isSupportedLanguage } from '../../contract/locales';
import type { Mailer } from '../../server/adapters/mail/mail.port';
import type { Database } from '../../server/db/client';
import type { Notifier } from '../../server/domain/notifications/notifier.port';
import type { Clock } from '../../server/domain/shared/clock';
import type { SiteUrls } from '../../server/domain/sites/site-urls';
import type { Translator } from '../../server/i18n/translator';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The mail bench's stand-in for the notifier while the real one (mail delivery) is not on this
 * branch: the same work per mail as the port asks for — one read of the member and site, the
 * once-only claim in notification_sends, the texts in the member's language, HTML and text, one
 * SMTP send — without the brand frame and unsubscribe headers. The bench uses the real one as
 * soon as `server/domain/notifications/notifier.ts` exists.
 */
export function createBenchNotifier(deps: { db: Database; mailer: Mailer; translator: Translator; urls: SiteUrls; clock: Clock }): Notifier {
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await deps.db.execute(query)) as unknown as { rows: T[] }).rows;
  return {
    async notify(userId, kind, content, options) {
      const [member] = await rowsOf<{ email: string; language: string; domain: string; siteName: string; mailName: string; name: string }>(sql`
        select u.email, u.language, s.domain, s.name as "siteName", s.mail_name as "mailName", coalesce(p.name, '') as name
        from users u join sites s on s.id = u.site_id left join profiles p on p.id = u.id
        where u.id = ${userId} and u.status <> 'deleted' and u.banned_at is null and not u.is_fictional
          and u.notifications_disabled = '[]'::jsonb and not (u.email_notifications_off @> ${JSON.stringify([kind])}::jsonb)`);
      if (!member) return { email: false, push: false };
      const claimed = await rowsOf(sql`
        insert into notification_sends (key, user_id, kind, topic, channel, sent_at)
        values (${`${options.key}:email`}, ${userId}, ${kind}, ${options.topic ?? ''}, 'email', ${deps.clock.now().toISOString()}::timestamptz)
        on conflict do nothing returning key`);
      if (!claimed.length) return { email: false, push: false };
      const t = deps.translator.forLanguage(isSupportedLanguage(member.language) ? member.language : 'en');
      const subject = content.text?.subject ?? t(`notify.${content.template}.subject`, content.values ?? {});
      const body = content.text?.body ?? t(`notify.${content.template}.body`, content.values ?? {});
      const action = t(`notify.${content.template}.action`);
      const site = { domain: member.domain };
      const link = deps.urls.urlOf(site, content.path);
      const items = (content.items ?? []).map((item) => ({ ...item, url: deps.urls.urlOf(site, item.path) }));
      const text = [body, ...items.map((item) => `- ${item.title}${item.subtitle ? ` (${item.subtitle})` : ''}: ${item.url}`), '', `${action}: ${link}`].join('\n');
      const html = `<p>${escapeHtml(body)}</p><ul>${items.map((item) => `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a> ${escapeHtml(item.subtitle ?? '')}</li>`).join('')}</ul><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`;
      await deps.mailer.send({ kind: `notify.${kind}`, from: `"${(member.mailName || member.siteName).replace(/"/g, '')}" <noreply@${member.domain}>`, to: member.email, subject, text, html });
      return { email: true, push: false };
    },
    async lastSentAt() {
      return null;
    },
  };
}

import type { TFunction } from 'i18next';
import type { NotificationType } from '../../../contract/notifications';
import type { OutgoingMail } from '../../adapters/mail/mail.port';
import type { SiteRow } from '../../db/schema/index';
import type { NotificationContent } from '../notifications/notifier.port';
import type { SiteUrls } from '../sites/site-urls';
import { siteSender } from './mail-streams';
import { companyLineOf, mailPaletteOf, renderMailHtml, renderMailText, type MailFrame } from './mail-layout';

export interface NotificationMailInput {
  site: SiteRow;
  to: { email: string; name: string; language: string };
  kind: NotificationType;
  content: NotificationContent;
  /** The signed one-click link (`/api/unsubscribe.php?token=…`) and the page a person opens (`/unsubscribe?token=…`). */
  unsubscribe: { oneClickUrl: string; pageUrl: string; mailto?: string };
  /** `<…@domain>`, the same for every try of one notification. */
  messageId: string;
}

/** A path on the member's own site; anything else (another host, `//x`, `javascript:`) becomes the home page. */
export function sitePath(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}

/**
 * An image only from the site's own address: a path on the site, or an absolute URL whose
 * origin is the site's. Mail clients fetch images when the mail is opened; a foreign host would
 * learn who opened what.
 */
export function siteImageUrl(urls: SiteUrls, site: SiteRow, imageUrl: string | undefined): string | null {
  if (!imageUrl) return null;
  if (imageUrl.startsWith('/') && !imageUrl.startsWith('//')) return urls.urlOf(site, imageUrl);
  try {
    const url = new URL(imageUrl);
    return url.origin === urls.originOf(site) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Texts of a template, falling back to the generic notification's texts when a template has no
 * translation: a member never sees a bare key like `notify.x.subject`.
 */
function templateText(t: TFunction, template: string, part: 'subject' | 'body' | 'action', vars: Record<string, unknown>): string {
  return t(`notify.${template}.${part}`, { ...vars, defaultValue: t(`mail.notification.generic.${part}`, vars) });
}

/**
 * Builds a notification mail: in the member's language and the site's brand, from the site's
 * `mail_name`, with the company footer, a visible unsubscribe link for this kind and the
 * RFC 8058 one-click headers. Every value is escaped in the HTML part.
 */
export function buildNotificationMail(t: TFunction, urls: SiteUrls, input: NotificationMailInput): OutgoingMail {
  const { site, to, kind, content } = input;
  const vars = { site_name: site.name, name: to.name, ...content.values };
  const subject = content.text?.subject ?? templateText(t, content.template, 'subject', vars);
  const body = content.text?.body ?? templateText(t, content.template, 'body', vars);
  const action = content.text ? t('mail.notification.open_site', vars) : templateText(t, content.template, 'action', vars);
  const link = urls.urlOf(site, sitePath(content.path));
  const items = (content.items ?? []).map((item) => ({
    title: item.title,
    subtitle: item.subtitle ?? '',
    link: urls.urlOf(site, sitePath(item.path)),
    imageUrl: siteImageUrl(urls, site, item.imageUrl),
  }));
  const kindName = t(`settings.notification_types.${kind}`);
  const frame: MailFrame = {
    language: to.language,
    siteName: site.name,
    siteUrl: urls.originOf(site),
    palette: mailPaletteOf(site),
    greeting: t('mail.greeting', vars),
    paragraphs: body.split(/\n+/).filter(Boolean),
    items,
    action,
    link,
    signature: t('mail.signature', vars),
    why: t('mail.notification.why', { ...vars, kind: kindName, domain: site.domain }),
    footerLinks: [
      { label: t('mail.notification.unsubscribe', { kind: kindName }), url: input.unsubscribe.pageUrl },
      { label: t('mail.notification.settings'), url: urls.urlOf(site, '/notifications') },
    ],
    company: companyLineOf(site),
  };
  const listUnsubscribe = [`<${input.unsubscribe.oneClickUrl}>`, ...(input.unsubscribe.mailto ? [`<${input.unsubscribe.mailto}>`] : [])].join(', ');
  return {
    kind: `notify.${kind}`,
    stream: 'bulk',
    siteDomain: site.domain,
    from: siteSender(site),
    to: to.email,
    subject,
    text: renderMailText(frame),
    html: renderMailHtml(frame),
    messageId: input.messageId,
    headers: {
      'List-Unsubscribe': listUnsubscribe,
      // RFC 8058: the mailbox provider may POST `List-Unsubscribe=One-Click` to the https URI.
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Content-Language': to.language,
    },
  };
}

import type { Language } from '../../../contract/locales';
import type { Mailer } from '../../adapters/mail/mail.port';
import type { SiteRow } from '../../db/schema/index';
import type { Translator } from '../../i18n/translator';
import { defaultFromAddress } from './mail-streams';

export type MailKind =
  | 'activation'
  | 'password_reset'
  | 'mail_change'
  | 'account_deleted'
  | 'photo_rejected'
  | 'photo_removed'
  | 'profile_text_removed'
  | 'report_reply'
  | 'payment_charged_back'
  | 'payment_returned'
  | 'payment_chargeback_reversed'
  | 'goodwill_credits'
  | 'credits_refunded'
  | SecurityNoticeKind;

/** Told to the member's old (or current) address after a change to how they sign in. */
export type SecurityNoticeKind = 'mail_changed' | 'password_changed';

export interface MailRecipient {
  email: string;
  name: string;
  language: Language;
}

/**
 * Builds every member mail from the same frame: greeting, one paragraph, one action link,
 * and the site's signature — as plain text and as simple HTML, in the member's language,
 * branded with the site and linking back to the site's own address.
 */
export function createMailService(deps: { mailer: Mailer; translator: Translator }) {
  return {
    async send(kind: MailKind, site: SiteRow, to: MailRecipient, link: string, values: Record<string, string | number> = {}) {
      const t = deps.translator.forLanguage(to.language);
      const vars = { site_name: site.name, name: to.name, ...values };
      const subject = t(`mail.${kind}.subject`, vars);
      const greeting = t('mail.greeting', vars);
      const body = t(`mail.${kind}.body`, vars);
      const action = t(`mail.${kind}.action`, vars);
      const signature = t('mail.signature', vars);
      const footer = t('mail.footer', { ...vars, domain: site.domain, company_name: site.companyName || site.name });
      const text = [greeting, '', body, '', `${action}: ${link}`, '', signature, '', footer].join('\n');
      const html = renderHtml({ siteName: site.name, greeting, body, action, link, signature, footer });
      const fromName = site.mailName || site.name;
      const fromAddress = defaultFromAddress(site);
      await deps.mailer.send({
        kind,
        stream: 'transactional',
        siteDomain: site.domain,
        from: `"${fromName.replace(/"/g, '')}" <${fromAddress}>`,
        to: to.email,
        subject,
        text,
        html,
      });
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Every member-provided or translated value is escaped: a name like "<b>" stays text. */
function renderHtml(parts: { siteName: string; greeting: string; body: string; action: string; link: string; signature: string; footer: string }) {
  const e = escapeHtml;
  return `<!doctype html><html><body style="margin:0;background:#f8f9fa;font-family:Arial,sans-serif;color:#212529">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px">
<tr><td style="background:#440e24;color:#fff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${e(parts.siteName)}</td></tr>
<tr><td style="padding:24px"><p>${e(parts.greeting)}</p><p>${e(parts.body)}</p>
<p style="text-align:center;margin:28px 0"><a href="${e(parts.link)}" style="background:#c33f74;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${e(parts.action)}</a></p>
<p style="font-size:13px;color:#6c757d;word-break:break-all">${e(parts.link)}</p><p>${e(parts.signature)}</p></td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6c757d">${e(parts.footer)}</td></tr></table></td></tr></table></body></html>`;
}

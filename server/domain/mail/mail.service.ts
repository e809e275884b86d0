import type { Language } from '../../../contract/locales';
import type { Mailer } from '../../adapters/mail/mail.port';
import type { SiteRow } from '../../db/schema/index';
import type { Translator } from '../../i18n/translator';
import type { SiteUrls } from '../sites/site-urls';
import { companyLineOf, mailPaletteOf, renderMailHtml, renderMailText, type MailFrame } from './mail-layout';
import { siteSender } from './mail-streams';

/** Every account mail, each with `mail.<kind>.subject|body|action` in every language. */
export const MAIL_KINDS = [
  'activation',
  'password_reset',
  'mail_change',
  'account_deleted',
  'photo_rejected',
  'photo_removed',
  'profile_text_removed',
  'report_reply',
  'payment_charged_back',
  'payment_returned',
  'payment_chargeback_reversed',
  'goodwill_credits',
  'credits_refunded',
  'mail_changed',
  'password_changed',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Told to the member's old (or current) address after a change to how they sign in. */
export type SecurityNoticeKind = Extract<MailKind, 'mail_changed' | 'password_changed'>;

export interface MailRecipient {
  email: string;
  name: string;
  language: Language;
}

/**
 * Builds every account mail (activation, reset, security notices, receipts) in the frame all
 * mail shares (`mail-layout.ts`): the member's language, the site's brand and company, an HTML
 * part and its plain-text twin, linking back to the site's own address.
 */
export function createMailService(deps: { mailer: Mailer; translator: Translator; urls: SiteUrls }) {
  return {
    async send(kind: MailKind, site: SiteRow, to: MailRecipient, link: string, values: Record<string, string | number> = {}) {
      const t = deps.translator.forLanguage(to.language);
      const vars = { site_name: site.name, name: to.name, ...values };
      const frame: MailFrame = {
        language: to.language,
        siteName: site.name,
        siteUrl: deps.urls.originOf(site),
        palette: mailPaletteOf(site),
        greeting: t('mail.greeting', vars),
        paragraphs: t(`mail.${kind}.body`, vars)
          .split(/\n+/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean),
        action: t(`mail.${kind}.action`, vars),
        link,
        showLinkText: true,
        signature: t('mail.signature', vars),
        why: t('mail.footer', { ...vars, domain: site.domain }),
        company: companyLineOf(site),
      };
      await deps.mailer.send({
        kind,
        stream: 'transactional',
        siteDomain: site.domain,
        from: siteSender(site),
        to: to.email,
        subject: t(`mail.${kind}.subject`, vars),
        text: renderMailText(frame),
        html: renderMailHtml(frame),
        headers: { 'Content-Language': to.language },
      });
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

import type { SiteRow } from '../../db/schema/index';
import { brandOf } from '../sites/site-brand';

/**
 * The one frame every mail is drawn in — account mails (activation, reset, receipts) and
 * notifications alike: the site's name in its brand colour, a greeting, the text, one action,
 * the signature, a footer saying why the mail came and the company behind the site. The HTML
 * part and its plain-text twin come from the same parts, so they never drift apart.
 */
export interface MailFrame {
  /** The member's language, for `<html lang>`: screen readers and spam filters read it. */
  language: string;
  siteName: string;
  /** The site's own address; the header links to it. */
  siteUrl: string;
  palette: MailPalette;
  greeting: string;
  paragraphs: string[];
  /** A digest's entries (members, conversations), each linking to its page. */
  items?: MailItem[];
  action: string;
  link: string;
  /**
   * Prints the link under the button as text too: an account link (a password reset) must work
   * in a client that hides buttons, and can be copied by hand.
   */
  showLinkText?: boolean;
  signature: string;
  /** Why this mail came (the account, or the notification switched on). */
  why: string;
  /** Unsubscribe and settings links of a notification; account mails have none. */
  footerLinks?: { label: string; url: string }[];
  company: string;
}

export interface MailItem {
  title: string;
  subtitle: string;
  link: string;
  imageUrl: string | null;
}

export interface MailPalette {
  header: string;
  button: string;
  text: string;
  muted: string;
  background: string;
}

/** A mail's own neutral colours; the header and the button take the site's brand (`brandOf`, the one place brand colours are read). */
const MAIL_NEUTRALS = { text: '#212529', muted: '#6c757d', background: '#f8f9fa' } as const;

export function mailPaletteOf(site: SiteRow): MailPalette {
  const brand = brandOf(site);
  return { ...MAIL_NEUTRALS, header: brand.themeColor, button: brand.accentColor };
}

/** The company behind the site, as the imprint names it: name · street · city, country. */
export function companyLineOf(site: SiteRow): string {
  return [site.companyName || site.name, site.companyAddress, [site.companyCity, site.companyCountry].filter(Boolean).join(', ')].filter(Boolean).join(' · ');
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Line breaks of a translated text (the signature) as `<br>`, after escaping. */
const multiline = (value: string) => escapeHtml(value).replace(/\n/g, '<br>');

function itemsHtml(items: MailItem[], palette: MailPalette): string {
  if (!items.length) return '';
  const e = escapeHtml;
  const rows = items.map(
    (item) =>
      `<tr><td style="padding:8px 0;border-top:1px solid #e9ecef">${
        item.imageUrl
          ? `<img src="${e(item.imageUrl)}" alt="" width="48" height="48" style="border-radius:50%;vertical-align:middle;margin-inline-end:12px">`
          : ''
      }<a href="${e(item.link)}" style="color:${palette.header};font-weight:bold;text-decoration:none">${e(item.title)}</a>${
        item.subtitle ? `<br><span style="color:${palette.muted};font-size:13px">${e(item.subtitle)}</span>` : ''
      }</td></tr>`,
  );
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 16px">${rows.join('')}</table>`;
}

/**
 * The HTML part: tables and inline styles, as mail clients need. Every text and URL is escaped
 * (a member named `<b>` stays text); URLs were built from the site's own address before. The card
 * is 560 px wide for clients that read only the attribute, and as wide as a phone allows
 * (`width:100%; max-width:560px`) everywhere else.
 */
export function renderMailHtml(frame: MailFrame): string {
  const e = escapeHtml;
  const p = frame.palette;
  const linkText = frame.showLinkText ? `<p style="font-size:13px;color:${p.muted};word-break:break-all">${e(frame.link)}</p>` : '';
  const footerLinks = frame.footerLinks?.length
    ? `<p style="margin:0 0 8px">${frame.footerLinks.map((link) => `<a href="${e(link.url)}" style="color:${p.muted}">${e(link.label)}</a>`).join(' · ')}</p>`
    : '';
  return `<!doctype html><html lang="${e(frame.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(frame.siteName)}</title></head>
<body style="margin:0;background:${p.background};font-family:Arial,sans-serif;color:${p.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#fff;border-radius:8px">
<tr><td style="background:${p.header};padding:16px 24px;border-radius:8px 8px 0 0"><a href="${e(frame.siteUrl)}" style="color:#fff;font-size:20px;font-weight:bold;text-decoration:none">${e(frame.siteName)}</a></td></tr>
<tr><td style="padding:24px"><p>${e(frame.greeting)}</p>${frame.paragraphs.map((paragraph) => `<p>${e(paragraph)}</p>`).join('')}${itemsHtml(frame.items ?? [], p)}
<p style="text-align:center;margin:28px 0"><a href="${e(frame.link)}" style="background:${p.button};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${e(frame.action)}</a></p>
${linkText}<p>${multiline(frame.signature)}</p></td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:${p.muted};border-top:1px solid #e9ecef">
<p style="margin:0 0 8px">${e(frame.why)}</p>
${footerLinks}<p style="margin:0">${e(frame.company)}</p></td></tr></table></td></tr></table></body></html>`;
}

/** The plain-text twin: the same parts in the same order, links written out. */
export function renderMailText(frame: MailFrame): string {
  const items = frame.items ?? [];
  return [
    frame.greeting,
    '',
    ...frame.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...items.map((item) => `- ${item.title}${item.subtitle ? ` (${item.subtitle})` : ''}: ${item.link}`),
    ...(items.length ? [''] : []),
    `${frame.action}: ${frame.link}`,
    '',
    frame.signature,
    '',
    '--',
    frame.why,
    ...(frame.footerLinks ?? []).map((link) => `${link.label}: ${link.url}`),
    frame.company,
  ].join('\n');
}

export interface NotificationHtmlParts {
  language: string;
  siteName: string;
  siteUrl: string;
  greeting: string;
  paragraphs: string[];
  action: string;
  link: string;
  items: { title: string; subtitle: string; link: string; imageUrl: string | null }[];
  signature: string;
  why: string;
  unsubscribeLabel: string;
  unsubscribeUrl: string;
  settingsLabel: string;
  settingsUrl: string;
  company: string;
  palette: { header: string; button: string; text: string; muted: string; background: string };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Line breaks of a translated text (the signature) as `<br>`, after escaping. */
const multiline = (value: string) => escapeHtml(value).replace(/\n/g, '<br>');

/**
 * The HTML part: tables and inline styles, as mail clients need. Every text and URL is escaped
 * (a member named `<b>` stays text); URLs were built from the site's own address before.
 */
export function renderNotificationHtml(parts: NotificationHtmlParts): string {
  const e = escapeHtml;
  const p = parts.palette;
  const items = parts.items.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 16px">${parts.items
        .map(
          (item) =>
            `<tr><td style="padding:8px 0;border-top:1px solid #e9ecef">${
              item.imageUrl
                ? `<img src="${e(item.imageUrl)}" alt="" width="48" height="48" style="border-radius:50%;vertical-align:middle;margin-inline-end:12px">`
                : ''
            }<a href="${e(item.link)}" style="color:${p.header};font-weight:bold;text-decoration:none">${e(item.title)}</a>${
              item.subtitle ? `<br><span style="color:${p.muted};font-size:13px">${e(item.subtitle)}</span>` : ''
            }</td></tr>`,
        )
        .join('')}</table>`
    : '';
  return `<!doctype html><html lang="${e(parts.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(parts.siteName)}</title></head>
<body style="margin:0;background:${p.background};font-family:Arial,sans-serif;color:${p.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:8px">
<tr><td style="background:${p.header};padding:16px 24px;border-radius:8px 8px 0 0"><a href="${e(parts.siteUrl)}" style="color:#fff;font-size:20px;font-weight:bold;text-decoration:none">${e(parts.siteName)}</a></td></tr>
<tr><td style="padding:24px"><p>${e(parts.greeting)}</p>${parts.paragraphs.map((paragraph) => `<p>${e(paragraph)}</p>`).join('')}${items}
<p style="text-align:center;margin:28px 0"><a href="${e(parts.link)}" style="background:${p.button};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${e(parts.action)}</a></p>
<p>${multiline(parts.signature)}</p></td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:${p.muted};border-top:1px solid #e9ecef">
<p style="margin:0 0 8px">${e(parts.why)}</p>
<p style="margin:0 0 8px"><a href="${e(parts.unsubscribeUrl)}" style="color:${p.muted}">${e(parts.unsubscribeLabel)}</a> · <a href="${e(parts.settingsUrl)}" style="color:${p.muted}">${e(parts.settingsLabel)}</a></p>
<p style="margin:0">${e(parts.company)}</p></td></tr></table></td></tr></table></body></html>`;
}

import type { MailStream } from '../../adapters/mail/mail.port';

/** How each stream leaves (config `mailStreams`): local parts on the site's own domain. */
export interface MailStreamsConfig {
  transactional: { fromLocalPart: string | null; returnPathLocalPart: string };
  bulk: { fromLocalPart: string | null; returnPathLocalPart: string };
  verp: boolean;
  unsubscribeLocalPart: string | null;
}

/** Mail kinds the member asked for by doing something; every other kind is bulk. */
const TRANSACTIONAL_KINDS = new Set([
  'activation',
  'password_reset',
  'mail_change',
  'account_deleted',
  'mail_changed',
  'password_changed',
  'photo_rejected',
  'photo_removed',
  'profile_text_removed',
  'report_reply',
  'receipt',
  'staff_invitation',
]);

/** The stream of a mail kind: notifications (`notify.*`), digests, promotions and news are bulk. */
export function streamOfKind(kind: string): MailStream {
  return TRANSACTIONAL_KINDS.has(kind) ? 'transactional' : 'bulk';
}

/** The site's sender when no local part is configured: its support address, else no-reply on its domain. */
export function defaultFromAddress(site: { domain: string; supportEmail: string | null }): string {
  return site.supportEmail || `no-reply@${site.domain}`;
}

/**
 * The From header of a site's mail: its mail name (else its name) and its default address. Quotes,
 * backslashes and line breaks are dropped from the name, so it can neither end the quoted string
 * nor start a header of its own.
 */
export function siteSender(site: { name: string; mailName: string | null; domain: string; supportEmail: string | null }): string {
  const name = (site.mailName || site.name).replace(/["\\\r\n]/g, '');
  return `"${name}" <${defaultFromAddress(site)}>`;
}

/** The address a stream's mail comes from for a site. */
export function fromAddressOf(site: { domain: string; supportEmail: string | null }, stream: MailStream, streams: MailStreamsConfig): string {
  const local = streams[stream].fromLocalPart;
  return local ? `${local}@${site.domain}` : defaultFromAddress(site);
}

/**
 * The Feedback-ID (Gmail's feedback loop): `kind:site:stream:rendezvous`, most specific first,
 * the sender last. Colons inside a part would shift the fields, so they are dropped.
 */
export function feedbackIdOf(kind: string, siteDomain: string, stream: MailStream): string {
  const part = (value: string) => value.replace(/[^A-Za-z0-9._-]/g, '');
  return `${part(kind)}:${part(siteDomain)}:${stream}:rendezvous`;
}

/**
 * Transactional mail answers something the member did (activation, reset, address change,
 * deletion, security notices, receipts); bulk mail is everything else (notifications, digests,
 * promotions, news). They leave through separate transports and addresses, so the reputation
 * of one never holds up the other (ADR 0066).
 */
export type MailStream = 'transactional' | 'bulk';

/** How a mail is signed (RFC 6376, relaxed/relaxed), as nodemailer takes it. */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  /** PEM. */
  privateKey: string;
}

/** A finished, localized mail. Every mail has a plain-text part; HTML is optional. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which template made it, for logs and the outbox page. */
  kind: string;
  /**
   * Extra header lines (`List-Unsubscribe`, `List-Unsubscribe-Post`, `Content-Language`), sent
   * as given: both transports write them, so a kept `.eml` shows what a real send carries.
   */
  headers?: Record<string, string>;
  /** `<local@domain>`: a stable id lets a receiving server drop a duplicate of a retried send. */
  messageId?: string;
  /** Unset is transactional: the stream every mail took before there were two. */
  stream?: MailStream;
  /** The site the mail speaks for (its domain): signs it and names it in Feedback-ID. */
  siteDomain?: string;
  /** The envelope sender (SMTP `MAIL FROM`), which the receiving server keeps as Return-Path: where bounces go. */
  returnPath?: string;
  dkim?: DkimSigning;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

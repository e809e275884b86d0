/** A finished, localized mail. Every mail has a plain-text part; HTML is optional. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which template made it, for logs and the outbox page. */
  kind: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

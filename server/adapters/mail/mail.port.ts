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
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Bounces as an MTA writes them (RFC 3464 multipart/report), shaped like Postfix's: a human
 * part, the `message/delivery-status` part, and the returned message's headers. `envelopeTo`
 * is the VERP address the bounce goes back to; the MTA's local delivery puts it on top as
 * `Delivered-To` and `X-Original-To`.
 */
export interface DsnOptions {
  envelopeTo: string;
  /** The recipient the original mail could not reach. */
  failedRecipient: string;
  action: 'failed' | 'delayed' | 'delivered';
  status: string;
  diagnostic: string;
  /** Leave out the `Delivered-To`/`X-Original-To` lines (the pipe passes `?recipient=` instead). */
  withoutEnvelopeHeaders?: boolean;
}

export function dsnMessage(options: DsnOptions): string {
  const boundary = '4CYLc25zRkz4Hyd.1764397201/mx1.relay.example';
  const envelope = options.withoutEnvelopeHeaders ? [] : [`Delivered-To: ${options.envelopeTo}`, `X-Original-To: ${options.envelopeTo}`];
  const title = options.action === 'failed' ? 'Undelivered Mail Returned to Sender' : 'Delayed Mail (still being retried)';
  return [
    `Return-Path: <>`,
    ...envelope,
    `Received: by mx1.relay.example (Postfix)`,
    `\tid 4CYLc25zRkz4Hyd; Sat, 29 Nov 2026 06:20:01 +0000 (UTC)`,
    `Date: Sat, 29 Nov 2026 06:20:01 +0000 (UTC)`,
    `From: MAILER-DAEMON@mx1.relay.example (Mail Delivery System)`,
    `Subject: ${title}`,
    `To: ${options.envelopeTo}`,
    `Auto-Submitted: auto-replied`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/report; report-type=delivery-status;`,
    `\tboundary="${boundary}"`,
    `Content-Transfer-Encoding: 8bit`,
    `Message-Id: <20261129062001.4CYLc25zRkz4Hyd@mx1.relay.example>`,
    ``,
    `This is a MIME-encapsulated message.`,
    ``,
    `--${boundary}`,
    `Content-Description: Notification`,
    `Content-Type: text/plain; charset=utf-8`,
    ``,
    `This is the mail system at host mx1.relay.example.`,
    ``,
    `<${options.failedRecipient}>: host mx.mailbox.example[203.0.113.25] said: ${options.diagnostic}`,
    ``,
    `--${boundary}`,
    `Content-Description: Delivery report`,
    `Content-Type: message/delivery-status`,
    ``,
    `Reporting-MTA: dns; mx1.relay.example`,
    `X-Postfix-Queue-ID: 4CYLc25zRkz4Hyd`,
    `X-Postfix-Sender: rfc822; ${options.envelopeTo}`,
    `Arrival-Date: Sat, 29 Nov 2026 06:19:58 +0000 (UTC)`,
    ``,
    `Final-Recipient: rfc822; ${options.failedRecipient}`,
    `Original-Recipient: rfc822;${options.failedRecipient}`,
    `Action: ${options.action}`,
    `Status: ${options.status}`,
    `Remote-MTA: dns; mx.mailbox.example`,
    `Diagnostic-Code: smtp; ${options.diagnostic}`,
    ``,
    `--${boundary}`,
    `Content-Description: Undelivered Message Headers`,
    `Content-Type: text/rfc822-headers`,
    ``,
    `From: "Test Site" <no-reply@site.test>`,
    `To: ${options.failedRecipient}`,
    `Subject: You have new messages`,
    ``,
    `--${boundary}--`,
    ``,
  ].join('\r\n');
}

/** A hard bounce: the mailbox does not exist. */
export const permanentDsn = (envelopeTo: string, failedRecipient: string, extra: Partial<DsnOptions> = {}) =>
  dsnMessage({
    envelopeTo,
    failedRecipient,
    action: 'failed',
    status: '5.1.1',
    diagnostic: '550 5.1.1 <' + failedRecipient + '>: Recipient address rejected: User unknown in virtual mailbox table',
    ...extra,
  });

/** A soft bounce: the mailbox is full, the MTA keeps trying. */
export const temporaryDsn = (envelopeTo: string, failedRecipient: string, extra: Partial<DsnOptions> = {}) =>
  dsnMessage({ envelopeTo, failedRecipient, action: 'delayed', status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full', ...extra });

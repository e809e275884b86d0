import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mail.port';

/** What nodemailer takes for one mail, the same for both transports. */
function toMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId: mail.messageId,
    ...(mail.returnPath ? { envelope: { from: mail.returnPath, to: mail.to } } : {}),
    ...(mail.dkim ? { dkim: mail.dkim } : {}),
  };
}

/** Connections kept open to the SMTP server: a digest run sends hundreds of mails a second. */
const SMTP_POOL_CONNECTIONS = 5;

/**
 * Sends through an SMTP server (`SMTP_URL`, e.g. smtp://user:pass@mail.example:587) over a
 * small pool of kept-open connections, so that a burst of notifications does not pay a TCP
 * (and TLS) handshake and a greeting per mail.
 */
export function createSmtpMailer(smtpUrl: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: SMTP_POOL_CONNECTIONS, maxMessages: 1000 } as Parameters<
    typeof nodemailer.createTransport
  >[0]);
  return {
    async send(mail) {
      await transport.sendMail(toMessage(mail));
    },
    close() {
      transport.close();
    },
  };
}

export interface OutboxEntry {
  id: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  messageId?: string;
  stream?: string;
  returnPath?: string;
  createdAt: string;
}

/**
 * The default transport: every mail is rendered by nodemailer into an .eml file and listed in
 * the outbox directory, which the development outbox page shows. Nothing leaves the machine.
 */
export function createOutboxMailer(outboxDir: string): Mailer {
  fs.mkdirSync(outboxDir, { recursive: true });
  let sequence = 0;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail: OutgoingMail) {
      const info = await transport.sendMail(toMessage(mail));
      const createdAt = new Date().toISOString();
      // Time, then a sequence number: names sort in sending order even within one millisecond.
      sequence += 1;
      const id = `${createdAt.replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${crypto.randomBytes(3).toString('hex')}`;
      // The receiving server writes the envelope sender as Return-Path on top; the kept copy
      // shows it the same way (outside the DKIM signature, as on a delivered mail).
      const returnPath = mail.returnPath ? Buffer.from(`Return-Path: <${mail.returnPath}>\n`) : Buffer.alloc(0);
      fs.writeFileSync(path.join(outboxDir, `${id}.eml`), Buffer.concat([returnPath, info.message as Buffer]));
      const { dkim: _dkim, ...kept } = mail; // never a private key on disk
      const entry: OutboxEntry = { id, createdAt, ...kept };
      fs.writeFileSync(path.join(outboxDir, `${id}.json`), JSON.stringify(entry));
    },
  };
}

/** The newest outbox entries first (the SMS adapter writes to its own outbox the same way). */
export function listOutbox(outboxDir: string, limit = 100): OutboxEntry[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, limit)
    .map((file) => JSON.parse(fs.readFileSync(path.join(outboxDir, file), 'utf8')) as OutboxEntry);
}

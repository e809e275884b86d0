import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mail.port';

/** What nodemailer takes for one mail, the same for both transports. */
function toMessage(mail: OutgoingMail) {
  return { from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, messageId: mail.messageId };
}

/** Connections kept open to the SMTP server: a digest run sends hundreds of mails a second. */
const SMTP_POOL_CONNECTIONS = 5;

/**
 * Sends through an SMTP server (`SMTP_URL`, e.g. smtp://user:pass@mail.example:587) over a
 * small pool of kept-open connections, so that a burst of notifications does not pay a TCP
 * (and TLS) handshake and a greeting per mail.
 */
export function createSmtpMailer(smtpUrl: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: SMTP_POOL_CONNECTIONS, maxMessages: 1000 } as Parameters<typeof nodemailer.createTransport>[0]);
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
      fs.writeFileSync(path.join(outboxDir, `${id}.eml`), info.message as Buffer);
      const entry: OutboxEntry = { id, createdAt, ...mail };
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

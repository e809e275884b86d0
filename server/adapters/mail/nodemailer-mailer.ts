import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mail.port';

/** Sends through an SMTP server (`SMTP_URL`, e.g. smtp://user:pass@mail.example:587). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
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
      const info = await transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
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

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OutboxEntry } from '../mail/nodemailer-mailer';
import type { SmsSender } from './sms.port';

/**
 * The default: text messages are kept in the same outbox directory as mails, in the same entry
 * format, so the development outbox page lists both in the order they were sent.
 */
export function createOutboxSmsSender(outboxDir: string): SmsSender {
  fs.mkdirSync(outboxDir, { recursive: true });
  let sequence = 0;
  return {
    async send(sms) {
      const createdAt = new Date().toISOString();
      sequence += 1;
      // Same naming as the mail outbox (time, sequence, random) so the two sort together.
      const id = `${createdAt.replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-sms-${crypto.randomBytes(3).toString('hex')}`;
      const entry: OutboxEntry = { id, createdAt, kind: sms.kind, from: 'SMS', to: sms.to, subject: 'SMS', text: sms.text };
      fs.writeFileSync(path.join(outboxDir, `${id}.json`), JSON.stringify(entry));
    },
  };
}

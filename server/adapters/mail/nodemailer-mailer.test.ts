import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../../../tests/setup/smtp-peer';
import { createOutboxMailer, createSmtpMailer, listOutbox } from './nodemailer-mailer';

const mail = {
  kind: 'activation',
  from: '"Rendezvous" <support@rendezvous.example>',
  to: 'anna@example.com',
  subject: 'Confirm your e-mail address',
  text: 'Hello Anna,\n\nhttps://localhost/api/activate.php?token=abc',
  html: '<p>Hello Anna</p>',
};

describe('SMTP mailer', () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let received: string[];

  beforeAll(async () => {
    peer = await startSmtpPeer();
    received = peer.received;
  });
  afterAll(() => peer.close());

  it('delivers a mail with a plain-text and an HTML part to a real SMTP server', async () => {
    const smtp = createSmtpMailer(`smtp://127.0.0.1:${peer.port}`);
    await smtp.send(mail);
    smtp.close();
    expect(received).toHaveLength(1);
    const message = received[0];
    expect(message).toContain('Subject: Confirm your e-mail address');
    expect(message).toContain('To: anna@example.com');
    expect(message).toContain('Content-Type: text/plain');
    expect(message).toContain('Content-Type: text/html');
  });

  it('passes extra headers and the Message-ID through, over a few kept-open connections', async () => {
    const smtp = createSmtpMailer(`smtp://127.0.0.1:${peer.port}`);
    const before = received.length;
    const headers = { 'List-Unsubscribe': '<https://localhost/api/unsubscribe.php?token=1.news.x>', 'Content-Language': 'nl' };
    await Promise.all(Array.from({ length: 20 }, (_, index) => smtp.send({ ...mail, headers, messageId: `<notify.${index}@rendezvous.example>` })));
    smtp.close();
    const sent = received.slice(before);
    expect(sent).toHaveLength(20);
    expect(sent.every((message) => message.includes('List-Unsubscribe: <https://localhost/api/unsubscribe.php?token=1.news.x>'))).toBe(true);
    expect(sent.every((message) => message.includes('Content-Language: nl'))).toBe(true);
    expect(sent.filter((message) => message.includes('Message-ID: <notify.7@rendezvous.example>'))).toHaveLength(1);
  });
});

describe('outbox mailer', () => {
  it('keeps each mail as an .eml file and lists the newest first', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-outbox-'));
    const outbox = createOutboxMailer(dir);
    await outbox.send(mail);
    await outbox.send({ ...mail, subject: 'Second' });
    const entries = listOutbox(dir);
    expect(entries.map((entry) => entry.subject)).toEqual(['Second', 'Confirm your e-mail address']);
    expect(fs.readdirSync(dir).filter((file) => file.endsWith('.eml'))).toHaveLength(2);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { startSmtpPeer } from '../../../tests/setup/smtp-peer';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createOutboxMailer, createSmtpMailer } from '../../adapters/mail/nodemailer-mailer';
import { users, type SiteRow } from '../../db/schema/index';
import { createNotifier } from './notifier';

/** A real SMTP server on this machine: the raw messages it received, as the next hop would see them. */
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let ctx: TestContext;
let site: SiteRow;

beforeAll(async () => {
  peer = await startSmtpPeer();
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: 'flirt.test', name: 'Flirt Zone', mailName: 'Flirt Zone' });
});
afterAll(async () => {
  await ctx.close();
  await peer.close();
});

/** One header's value, unfolded (long headers are folded over several lines). */
const headerOf = (message: string, name: string) => {
  const head = message.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? null;
};

describe('notification mail through a real SMTP server', () => {
  it('carries List-Unsubscribe, One-Click, a stable Message-ID and the language, and a retried notify sends nothing twice', async () => {
    const smtp = createSmtpMailer(`smtp://127.0.0.1:${peer.port}`);
    const notifier = createNotifier({
      db: ctx.db,
      mailer: smtp,
      translator: ctx.services.translator,
      urls: ctx.services.siteUrls,
      unsubscribeSecret: ctx.services.secrets.unsubscribeSecret,
      clock: ctx.clock,
    });
    const anna = await createVisibleMember(ctx, site, { name: 'Anna' });
    await ctx.db.update(users).set({ language: 'fr' }).where(eq(users.id, anna.id));
    try {
      const content = { template: 'like', path: '/likes' };
      expect((await notifier.notify(anna.id, 'like', content, { key: 'like:anna:1' })).email).toBe(true);
      // The job is retried (its lease ran out, a worker restarted): the same key sends nothing.
      expect((await notifier.notify(anna.id, 'like', content, { key: 'like:anna:1' })).email).toBe(false);
      expect((await notifier.notify(anna.id, 'like', content, { key: 'like:anna:1' })).email).toBe(false);
    } finally {
      smtp.close();
    }
    const toAnna = peer.received.filter((message) => headerOf(message, 'To') === anna.email);
    expect(toAnna).toHaveLength(1);
    const [message] = toAnna;
    expect(headerOf(message, 'List-Unsubscribe')).toMatch(/^<https:\/\/flirt\.test\/api\/unsubscribe\.php\?token=\d+\.like\.[\w-]{43}>$/);
    expect(headerOf(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(message, 'Message-ID')).toMatch(/^<notify\.[0-9a-f]{32}@flirt\.test>$/);
    expect(headerOf(message, 'Content-Language')).toBe('fr');
    expect(headerOf(message, 'From')).toBe('Flirt Zone <help@site.test>');
    expect(message).toContain('Content-Type: text/plain');
    expect(message).toContain('Content-Type: text/html');
  });

  it('keeps the same headers in the outbox’s .eml when no SMTP server is configured', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-outbox-'));
    try {
      const notifier = createNotifier({
        db: ctx.db,
        mailer: createOutboxMailer(dir),
        translator: ctx.services.translator,
        urls: ctx.services.siteUrls,
        unsubscribeSecret: ctx.services.secrets.unsubscribeSecret,
        clock: ctx.clock,
      });
      const bob = await createVisibleMember(ctx, site, { name: 'Bob' });
      await notifier.notify(bob.id, 'news', { template: 'news', text: { subject: 'Hello', body: 'News' }, path: '/' }, { key: 'news:1:bob' });
      const [eml] = fs.readdirSync(dir).filter((file) => file.endsWith('.eml'));
      const message = fs.readFileSync(path.join(dir, eml), 'utf8');
      expect(headerOf(message, 'List-Unsubscribe')).toMatch(/^<https:\/\/flirt\.test\/api\/unsubscribe\.php\?token=\d+\.news\./);
      expect(headerOf(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(headerOf(message, 'Message-ID')).toMatch(/^<notify\.[0-9a-f]{32}@flirt\.test>$/);
      expect(headerOf(message, 'Content-Language')).toBe('en');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

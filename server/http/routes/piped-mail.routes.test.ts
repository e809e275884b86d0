import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permanentDsn, temporaryDsn } from '../../../tests/factories/bounces';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createOutboxMailer } from '../../adapters/mail/nodemailer-mailer';
import { users, type SiteRow } from '../../db/schema/index';
import { headerOfMessage } from '../../domain/mail/delivery-status';
import { signMailEvents } from '../../domain/notifications/mail-events.service';

const SECRET = 'piped-mail-secret-for-tests-0123';
let ctx: TestContext;
let outboxDir: string;
let site: SiteRow;
beforeAll(async () => {
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-verp-'));
  ctx = await createTestContext({
    services: { mailer: createOutboxMailer(outboxDir) },
    env: { MAIL_EVENTS_SECRET: SECRET, MAIL_VERP: 'true', MAIL_UNSUBSCRIBE_TO: 'unsubscribe' },
  });
  // The endpoints answer on the default site, like every API call.
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  site = await createSite(ctx.db, { domain: 'loop.test', name: 'Loop' });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

const userRow = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0];
const notify = (userId: number, key: string) => ctx.services.notifier.notify(userId, 'new_messages', { template: 'no_such_template', path: '/chats' }, { key });

/** The newest kept `.eml` to an address, as the outbox wrote it. */
function keptMailTo(email: string): string {
  const kept = fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => ({ name, stat: fs.statSync(path.join(outboxDir, name)) }))
    .sort((a, b) => a.stat.mtimeMs - b.stat.mtimeMs)
    .map(({ name }) => fs.readFileSync(path.join(outboxDir, name), 'utf8'))
    .filter((message) => headerOfMessage(message, 'to') === email);
  expect(kept.length, `a kept mail to ${email}`).toBeGreaterThan(0);
  return kept.at(-1)!;
}

/** A member with one notification mailed, and the bounce address that mail carried. */
async function mailedMember() {
  const member = await createVisibleMember(ctx, site);
  await notify(member.id, `verp-${member.id}`);
  const returnPath = /^<(.+)>$/.exec(headerOfMessage(keptMailTo(member.email), 'return-path')!)![1];
  return { member, returnPath };
}

const pipe = (url: string, message: string, headers: Record<string, string> = { authorization: `Bearer ${SECRET}` }) =>
  ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'message/rfc822', ...headers }, payload: message });

describe('VERP and the mailto: unsubscribe on kept mail', () => {
  it('gives each recipient a bounce address of their own and a mailto: after the https one-click', async () => {
    const { member, returnPath } = await mailedMember();
    expect(returnPath).toMatch(/^bounces-bulk\+[0-9a-z]+-[0-9a-f]{24}@loop\.test$/);
    expect(returnPath).not.toContain(member.email.split('@')[0]);
    // The same recipient gets the same address on the next mail.
    await notify(member.id, `verp-again-${member.id}`);
    expect(headerOfMessage(keptMailTo(member.email), 'return-path')).toBe(`<${returnPath}>`);

    const listUnsubscribe = headerOfMessage(keptMailTo(member.email), 'list-unsubscribe')!.replace(/\s+/g, '');
    expect(listUnsubscribe).toMatch(/^<https:\/\/loop\.test\/api\/unsubscribe\.php\?token=[^>]+>,<mailto:unsubscribe@loop\.test\?subject=unsubscribe-[^>]+>$/);
    // The mailto's token is the one-click link's.
    const [, oneClick, mailto] = /token=([^>]+)>,<mailto:[^?]+\?subject=unsubscribe-([^>]+)>/.exec(listUnsubscribe)!;
    expect(mailto).toBe(oneClick);
  });
});

describe('POST /api/mail-bounce.php', () => {
  it('stops a permanently bouncing address’s notification mail exactly as a webhook hard bounce does', async () => {
    const { member, returnPath } = await mailedMember();
    const response = await pipe('/api/mail-bounce.php', permanentDsn(returnPath, member.email));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, outcome: 'bounce', accounts: 1 });

    const viaWebhook = await createVisibleMember(ctx, site);
    const body = JSON.stringify({ events: [{ type: 'bounce', email: viaWebhook.email, stream: 'bulk' }] });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/mail-events.php',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-rendezvous-signature': signMailEvents(SECRET, body) },
    });
    expect((await userRow(member.id)).notificationsDisabled).toEqual(['bounce']);
    expect((await userRow(member.id)).notificationsDisabled).toEqual((await userRow(viaWebhook.id)).notificationsDisabled);
    expect(await notify(member.id, `after-bounce-${member.id}`)).toEqual({ email: false, push: false });
    // Twice is the same as once.
    expect((await pipe('/api/mail-bounce.php', permanentDsn(returnPath, member.email))).statusCode).toBe(200);
    expect((await userRow(member.id)).notificationsDisabled).toEqual(['bounce']);
  });

  it('ignores a temporary failure, and takes the envelope recipient from ?recipient= too', async () => {
    const { member, returnPath } = await mailedMember();
    const soft = await pipe('/api/mail-bounce.php', temporaryDsn(returnPath, member.email));
    expect(soft.json()).toEqual({ ok: true, outcome: 'soft_bounce', accounts: 0 });
    expect((await userRow(member.id)).notificationsDisabled).toEqual([]);

    // Postfix's `${original_recipient}` unencoded: the `+` arrives as a space.
    const hard = await pipe(`/api/mail-bounce.php?recipient=${returnPath}`, permanentDsn(returnPath, member.email, { withoutEnvelopeHeaders: true }));
    expect(hard.json()).toEqual({ ok: true, outcome: 'bounce', accounts: 1 });
    expect((await userRow(member.id)).notificationsDisabled).toEqual(['bounce']);
  });

  it('refuses a forged, unknown or outdated token with a 4xx and changes nothing', async () => {
    const { member, returnPath } = await mailedMember();
    const [local, domain] = returnPath.split('@');
    const [base, token] = local.split('+');
    const [id, mac] = token.split('-');
    const forged = [
      `${base}+${id}-${mac.slice(0, -1)}${mac.endsWith('a') ? 'b' : 'a'}@${domain}`,
      `${base}+${(member.id + 1).toString(36)}-${mac}@${domain}`,
      `${base}+zzzzzz-${mac}@${domain}`,
      `${base}+not-a-token@${domain}`,
      `postmaster+${token}@${domain}`,
      `${base}@${domain}`,
    ];
    for (const address of forged) {
      const response = await pipe('/api/mail-bounce.php', permanentDsn(address, member.email));
      expect(response.statusCode, address).toBe(400);
      expect(response.json()).toMatchObject({ error: 'validation_failed' });
    }
    // The member changed their address since: a late bounce of the old one stops nothing.
    await ctx.db
      .update(users)
      .set({ email: `changed.${member.email}` })
      .where(eq(users.id, member.id));
    expect((await pipe('/api/mail-bounce.php', permanentDsn(returnPath, member.email))).statusCode).toBe(400);
    expect((await userRow(member.id)).notificationsDisabled).toEqual([]);
  });

  it('answers malformed input with a 4xx, never a 5xx', async () => {
    const { member, returnPath } = await mailedMember();
    const autoReply = `Delivered-To: ${returnPath}\r\nSubject: Out of office\r\n\r\nAway until Monday.\r\n`;
    for (const message of ['', 'garbage', '\u0000\u0001\u0002', autoReply, permanentDsn(returnPath, member.email).slice(0, 400)]) {
      const response = await pipe('/api/mail-bounce.php', message);
      expect(response.statusCode, message.slice(0, 40)).toBe(400);
    }
    const tooLong = await pipe(`/api/mail-bounce.php?recipient=${'x'.repeat(400)}`, permanentDsn(returnPath, member.email));
    expect(tooLong.statusCode).toBe(400);
    expect((await userRow(member.id)).notificationsDisabled).toEqual([]);
  });

  it('takes nothing without the secret: 401 for a missing or wrong one, the webhook’s body signature accepted', async () => {
    const { member, returnPath } = await mailedMember();
    const dsn = permanentDsn(returnPath, member.email);
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-secret' },
      { authorization: `Basic ${Buffer.from(`x:${SECRET}`).toString('base64')}` },
      { 'x-rendezvous-signature': signMailEvents('wrong', dsn) },
    ];
    for (const headers of refused) {
      const response = await pipe('/api/mail-bounce.php', dsn, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toMatchObject({ error: 'webhook_signature_invalid' });
    }
    expect((await userRow(member.id)).notificationsDisabled).toEqual([]);
    const signed = await pipe('/api/mail-bounce.php', dsn, { 'x-rendezvous-signature': signMailEvents(SECRET, dsn) });
    expect(signed.json()).toEqual({ ok: true, outcome: 'bounce', accounts: 1 });
  });
});

describe('POST /api/mail-unsubscribe.php', () => {
  const unsubscribeMail = (subject: string) =>
    [
      `Delivered-To: unsubscribe@loop.test`,
      `From: someone@mailbox.example`,
      `To: unsubscribe@loop.test`,
      `Subject: ${subject}`,
      ``,
      `This mail was sent to unsubscribe.`,
      ``,
    ].join('\r\n');

  it('switches off the kind the mailto: names, as the one-click link does', async () => {
    const { member } = await mailedMember();
    const mailto = /<mailto:([^>]+)>/.exec(headerOfMessage(keptMailTo(member.email), 'list-unsubscribe')!.replace(/\s+/g, ''))![1];
    const subject = new URL(`mailto:${mailto.slice('mailto:'.length)}`).searchParams.get('subject')!;
    const response = await pipe('/api/mail-unsubscribe.php', unsubscribeMail(subject));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, kind: 'new_messages' });
    expect((await userRow(member.id)).emailNotificationsOff).toEqual(['new_messages']);
    // A client that encodes the subject, or a reply's `Re:`, still reads.
    const other = await createVisibleMember(ctx, site);
    const token = ctx.services.unsubscribe.tokenFor(other.id, 'promotions');
    const encoded = `=?UTF-8?B?${Buffer.from(`Re: unsubscribe-${token}`).toString('base64')}?=`;
    expect((await pipe('/api/mail-unsubscribe.php', unsubscribeMail(encoded))).json()).toEqual({ ok: true, kind: 'promotions' });
    expect((await userRow(other.id)).emailNotificationsOff).toEqual(['promotions']);
  });

  it('refuses a mail without a genuine token, or without the secret, and changes nothing', async () => {
    const member = await createVisibleMember(ctx, site);
    const token = ctx.services.unsubscribe.tokenFor(member.id, 'like');
    for (const subject of ['unsubscribe', `unsubscribe-${token.replace('.like.', '.news.')}`, 'Hello']) {
      expect((await pipe('/api/mail-unsubscribe.php', unsubscribeMail(subject))).statusCode, subject).toBe(400);
    }
    expect((await pipe('/api/mail-unsubscribe.php', 'garbage')).statusCode).toBe(400);
    expect((await pipe('/api/mail-unsubscribe.php', unsubscribeMail(`unsubscribe-${token}`), { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await userRow(member.id)).emailNotificationsOff).toEqual([]);
  });
});

describe('piped mail without a configured secret', () => {
  it('is off: a 404 that says why, on both endpoints', async () => {
    const bare = await createTestContext({ env: { MAIL_VERP: 'true' } });
    try {
      await createSite(bare.db, { domain: bare.config.defaultSiteDomain });
      for (const url of ['/api/mail-bounce.php', '/api/mail-unsubscribe.php']) {
        const response = await bare.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'message/rfc822', authorization: 'Bearer ' },
          payload: permanentDsn('bounces+1-0123456789abcdef01234567@x.test', 'a@b.example'),
        });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toMatchObject({ error: 'mail_events_unavailable', message: expect.stringContaining('no mail-events secret is configured') });
      }
    } finally {
      await bare.close();
    }
  });
});

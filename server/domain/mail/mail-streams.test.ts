import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { Mailer } from '../../adapters/mail/mail.port';
import type { SiteRow } from '../../db/schema/index';
import { signMailEvents } from '../notifications/mail-events.service';

const SECRET = 'stream-test-secret-0123456789';
let bulkDown = false;
const bulkSent: Parameters<Mailer['send']>[0][] = [];
const bulkMailer: Mailer = {
  async send(mail) {
    if (bulkDown) throw new Error('bulk SMTP server refused the connection');
    bulkSent.push(mail);
  },
};

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ services: { bulkMailer }, env: { MAIL_EVENTS_SECRET: SECRET, MAIL_BULK_FROM: 'news' } });
  // The mail-events endpoint answers on the default site, like every API call.
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  site = await createSite(ctx.db, { domain: 'streams.test', name: 'Streams', supportEmail: 'hello@streams.test' });
});
afterAll(() => ctx.close());

const notify = (userId: number, key: string) => ctx.services.notifier.notify(userId, 'new_messages', { template: 'no_such_template', path: '/chats' }, { key });
const resetFor = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/password-reset.php', payload: { email }, headers: { host: 'streams.test' }, remoteAddress: '198.51.100.90' });
const postEvents = (events: unknown[]) => {
  const body = JSON.stringify({ events });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/mail-events.php',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-rendezvous-signature': signMailEvents(SECRET, body) },
  });
};

describe('two mail streams', () => {
  it('sends bulk mail on its own transport, sender and bounce address, with a Feedback-ID', async () => {
    const anna = await createVisibleMember(ctx, site, { name: 'Anna' });
    await notify(anna.id, 'streams-1');
    const mail = bulkSent.at(-1)!;
    expect(mail).toMatchObject({ stream: 'bulk', from: expect.stringContaining('<news@streams.test>'), returnPath: 'bounces-bulk@streams.test' });
    expect(mail.headers?.['Feedback-ID']).toBe('notify.new_messages:streams.test:bulk:rendezvous');
    expect(mail.dkim).toMatchObject({ domainName: 'streams.test', keySelector: 'rdv1' });
    expect(ctx.mailer.sent.some((sent) => sent.stream === 'bulk')).toBe(false);
  });

  it('still sends a password reset when the bulk transport fails and after a complaint about bulk mail', async () => {
    const bob = await createVisibleMember(ctx, site, { name: 'Bob' });
    bulkDown = true;
    try {
      await expect(notify(bob.id, 'streams-2')).rejects.toThrow(/bulk SMTP/);
    } finally {
      bulkDown = false;
    }
    const complaint = await postEvents([{ type: 'complaint', email: bob.email, stream: 'bulk' }]);
    expect(complaint.json()).toMatchObject({ applied: 1 });
    expect(await notify(bob.id, 'streams-3')).toEqual({ email: false, push: false });

    expect((await resetFor(bob.email)).statusCode).toBe(200);
    const reset = ctx.mailer.last(bob.email);
    expect(reset).toMatchObject({ kind: 'password_reset', stream: 'transactional', from: expect.stringContaining('<hello@streams.test>') });
    expect(reset.returnPath).toBe('bounces@streams.test');
    expect(reset.headers?.['Feedback-ID']).toBe('password_reset:streams.test:transactional:rendezvous');
  });

  it('takes a complaint about transactional mail as no word on the notifications; a hard bounce stops them', async () => {
    const carla = await createVisibleMember(ctx, site, { name: 'Carla' });
    expect((await postEvents([{ type: 'complaint', email: carla.email, stream: 'transactional' }])).json()).toMatchObject({ applied: 0 });
    expect((await notify(carla.id, 'streams-4')).email).toBe(true);
    expect((await postEvents([{ type: 'bounce', email: carla.email, stream: 'transactional' }])).json()).toMatchObject({ applied: 1 });
    expect((await notify(carla.id, 'streams-5')).email).toBe(false);
  });
});

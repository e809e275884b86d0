import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { users, type SiteRow } from '../../db/schema/index';
import { signMailEvents } from '../../domain/notifications/mail-events.service';

const SECRET = 'mail-events-secret-for-tests-0123';
let ctx: TestContext;
let site: SiteRow;
let otherSite: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ env: { MAIL_EVENTS_SECRET: SECRET } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  otherSite = await createSite(ctx.db);
});
afterAll(() => ctx.close());

const userRow = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0];

describe('POST /api/unsubscribe.php (RFC 8058 one-click)', () => {
  it('switches the link’s kind off by e-mail, from a provider’s cross-site form POST', async () => {
    const anna = await createVisibleMember(ctx, site);
    await ctx.services.notifier.notify(anna.id, 'weekly_updates', { template: 'weekly_updates', path: '/members' }, { key: 'weekly-1' });
    const header = ctx.mailer.last(anna.email).headers!['List-Unsubscribe'];
    const url = new URL(/^<([^>]+)>/.exec(header)![1]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.provider.example', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, kind: 'weekly_updates' });
    expect((await userRow(anna.id)).emailNotificationsOff).toEqual(['weekly_updates']);
    // Twice is the same as once.
    await ctx.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect((await userRow(anna.id)).emailNotificationsOff).toEqual(['weekly_updates']);
    // And the next weekly update is not mailed.
    expect((await ctx.services.notifier.notify(anna.id, 'weekly_updates', { template: 'weekly_updates', path: '/members' }, { key: 'weekly-2' })).email).toBe(
      false,
    );
  });

  it.each([
    ['urlencoded', { 'content-type': 'application/x-www-form-urlencoded' }, 'List-Unsubscribe=One-Click'],
    [
      'multipart/form-data (RFC 8058 §8.1)',
      { 'content-type': 'multipart/form-data; boundary=---rfc8058' },
      '-----rfc8058\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n-----rfc8058--\r\n',
    ],
    ['an empty body', {}, undefined],
    ['an empty urlencoded body', { 'content-type': 'application/x-www-form-urlencoded' }, ''],
  ])('takes a one-click posted as %s', async (_shape, headers: Record<string, string>, payload) => {
    const member = await createVisibleMember(ctx, site);
    await ctx.services.notifier.notify(member.id, 'promotions', { template: 'promotions', path: '/credits' }, { key: `promo-${member.id}` });
    const url = new URL(/^<([^>]+)>/.exec(ctx.mailer.last(member.email).headers!['List-Unsubscribe'])![1]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'sec-fetch-site': 'cross-site', ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, kind: 'promotions' });
    expect((await userRow(member.id)).emailNotificationsOff).toEqual(['promotions']);
  });

  it('refuses a tampered, foreign or missing token with a 400 and changes nothing', async () => {
    const bob = await createVisibleMember(ctx, site);
    const token = ctx.services.unsubscribe.tokenFor(bob.id, 'like');
    const tampered = [
      token.replace('.like.', '.news.'),
      `${bob.id + 1}${token.slice(String(bob.id).length)}`,
      // Another signature: the second-to-last character changed (the last one's two lowest bits are
      // base64 padding, so changing only it can leave the same bytes).
      `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`,
      '',
      'abc',
      `${bob.id}.like.${'A'.repeat(43)}`,
    ];
    for (const bad of tampered) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/unsubscribe.php?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ error: 'link_invalid', message: 'Link expired or invalid, request a new email' });
    }
    expect((await userRow(bob.id)).emailNotificationsOff).toEqual([]);
  });

  it('changes nothing on GET (mail scanners prefetch links) and sends the browser to the page', async () => {
    const carla = await createVisibleMember(ctx, site);
    const token = ctx.services.unsubscribe.tokenFor(carla.id, 'promotions');
    const response = await ctx.app.inject({ url: `/api/unsubscribe.php?token=${token}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/unsubscribe?token=${token}`);
    expect((await userRow(carla.id)).emailNotificationsOff).toEqual([]);
  });

  it('still refuses a cross-site POST to the rest of the API', async () => {
    const member = await createVisibleMember(ctx, site);
    const cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/notifications.php',
      cookies,
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email_off: [] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('csrf_failed');
  });
});

describe('PUT /api/notifications.php resume_mail', () => {
  it('clears the reasons mail was stopped for, which GET /api/user.php shows', async () => {
    const dora = await createVisibleMember(ctx, site);
    await ctx.db
      .update(users)
      .set({ notificationsDisabled: ['bounce', 'fbl'] })
      .where(eq(users.id, dora.id));
    const cookies = { rdv_session: await ctx.services.sessions.start(dora.id, 'test') };
    const before = await ctx.app.inject({ url: '/api/user.php', cookies });
    expect(before.json().user.notifications_disabled).toEqual(['bounce', 'fbl']);
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/notifications.php', cookies, payload: { resume_mail: true } });
    expect(response.statusCode).toBe(200);
    const after = await ctx.app.inject({ url: '/api/user.php', cookies });
    expect(after.json().user.notifications_disabled).toEqual([]);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/notifications.php', cookies, payload: { resume_mail: false } })).statusCode).toBe(400);
  });
});

describe('POST /api/mail-events.php', () => {
  const post = (body: string, headers: Record<string, string> = {}, query = '') =>
    ctx.app.inject({ method: 'POST', url: `/api/mail-events.php${query}`, headers: { 'content-type': 'application/json', ...headers }, payload: body });
  const signed = (body: string) => ({ 'x-rendezvous-signature': signMailEvents(SECRET, body) });

  it('stops mail with the spec’s reasons on every account of the address, for signed events only', async () => {
    const eve = await createVisibleMember(ctx, site);
    const eveElsewhere = await createVisibleMember(ctx, otherSite);
    await ctx.db.update(users).set({ email: eve.email.toUpperCase() }).where(eq(users.id, eveElsewhere.id));
    const fay = await createVisibleMember(ctx, site);
    const gus = await createVisibleMember(ctx, site);
    const body = JSON.stringify({
      events: [
        { type: 'bounce', email: eve.email, at: '2026-01-15T10:00:00Z' },
        { type: 'complaint', email: fay.email },
        { type: 'unsubscribe', email: fay.email },
        { type: 'soft_bounce', email: gus.email },
        { type: 'bounce', email: 'nobody@nowhere.example' },
      ],
    });
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, { 'x-rendezvous-signature': 'sha256=' + '0'.repeat(64) })).statusCode).toBe(401);
    expect((await post(body, signed(body + ' '))).statusCode).toBe(401);
    expect((await userRow(eve.id)).notificationsDisabled).toEqual([]);

    const response = await post(body, signed(body));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, applied: 3, accounts: 4 });
    expect((await userRow(eve.id)).notificationsDisabled).toEqual(['bounce']);
    expect((await userRow(eveElsewhere.id)).notificationsDisabled).toEqual(['bounce']);
    expect((await userRow(fay.id)).notificationsDisabled).toEqual(['fbl', 'listunsubscribe']);
    // A soft bounce stops nothing.
    expect((await userRow(gus.id)).notificationsDisabled).toEqual([]);
    // The same event again adds no duplicate reason.
    await post(body, signed(body));
    expect((await userRow(eve.id)).notificationsDisabled).toEqual(['bounce']);
  });

  it('answers malformed bodies with a 4xx, never a 5xx', async () => {
    for (const body of [
      '{not json',
      '[]',
      '{"events":[]}',
      '{"events":[{"type":"bounce","email":"not-an-address"}]}',
      '{"events":[{"type":"deferred","email":"a@b.example"}]}',
      '',
    ]) {
      const response = await post(body, signed(body));
      expect(response.statusCode, body).toBe(400);
    }
  });

  it('takes Postmark’s bounce, spam-complaint and subscription-change records with the secret as Basic credentials', async () => {
    const hans = await createVisibleMember(ctx, site);
    const ida = await createVisibleMember(ctx, site);
    const jan = await createVisibleMember(ctx, site);
    const kim = await createVisibleMember(ctx, site);
    const basic = { authorization: `Basic ${Buffer.from(`postmark:${SECRET}`).toString('base64')}` };
    const wrong = { authorization: `Basic ${Buffer.from('postmark:guess-the-secret-please').toString('base64')}` };
    const hardBounce = JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', TypeCode: 1, Email: hans.email, BouncedAt: '2026-01-15T10:00:00Z' });
    expect((await post(hardBounce, wrong, '?provider=postmark')).statusCode).toBe(401);
    expect((await post(hardBounce, {}, '?provider=postmark')).statusCode).toBe(401);
    // Basic credentials are Postmark's way only: the generic format wants the signature.
    expect((await post(JSON.stringify({ events: [{ type: 'bounce', email: hans.email }] }), basic)).statusCode).toBe(401);

    expect((await post(hardBounce, basic, '?provider=postmark')).json()).toEqual({ ok: true, applied: 1, accounts: 1 });
    const softBounce = JSON.stringify({ RecordType: 'Bounce', Type: 'SoftBounce', Email: ida.email });
    expect((await post(softBounce, basic, '?provider=postmark')).json()).toEqual({ ok: true, applied: 0, accounts: 0 });
    const complaint = JSON.stringify({ RecordType: 'SpamComplaint', Email: ida.email });
    expect((await post(complaint, signed(complaint), '?provider=postmark')).statusCode).toBe(200);
    const suppressed = JSON.stringify({
      RecordType: 'SubscriptionChange',
      Recipient: jan.email,
      SuppressSending: true,
      SuppressionReason: 'ManualSuppression',
      ChangedAt: '2026-01-15T10:00:00Z',
    });
    await post(suppressed, basic, '?provider=postmark');
    const reactivated = JSON.stringify({
      RecordType: 'SubscriptionChange',
      Recipient: kim.email,
      SuppressSending: false,
      SuppressionReason: 'ManualSuppression',
    });
    await post(reactivated, basic, '?provider=postmark');
    const delivery = JSON.stringify({ RecordType: 'Delivery', Recipient: kim.email });
    expect((await post(delivery, basic, '?provider=postmark')).statusCode).toBe(200);

    expect((await userRow(hans.id)).notificationsDisabled).toEqual(['bounce']);
    expect((await userRow(ida.id)).notificationsDisabled).toEqual(['fbl']);
    expect((await userRow(jan.id)).notificationsDisabled).toEqual(['listunsubscribe']);
    expect((await userRow(kim.id)).notificationsDisabled).toEqual([]);
    expect((await post('[1]', basic, '?provider=postmark')).statusCode).toBe(400);
    expect((await post('{"RecordType":"Bounce"', basic, '?provider=postmark')).statusCode).toBe(400);
    expect((await post('{}', basic, '?provider=mailgun')).statusCode).toBe(400);
  });
});

describe('POST /api/mail-events.php without a configured secret', () => {
  it('is off: a 404 that says why (never a 5xx), and nothing is taken', async () => {
    const bare = await createTestContext();
    try {
      await createSite(bare.db, { domain: bare.config.defaultSiteDomain });
      const body = JSON.stringify({ events: [{ type: 'bounce', email: 'a@b.example' }] });
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/mail-events.php',
        headers: { 'content-type': 'application/json', 'x-rendezvous-signature': signMailEvents('', body) },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ error: 'mail_events_unavailable', message: expect.stringContaining('no mail-events secret is configured') });
    } finally {
      await bare.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { bookCredits } from '../../domain/credits/ledger';
import type { SiteRow } from '../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, freeMessages: 0, messageCredits: 10 });
  await ctx.services.safetySignals.seedBuiltins();
});
afterAll(() => ctx.close());

async function loggedIn(options: Parameters<typeof createVisibleMember>[2] = {}) {
  const user = await createVisibleMember(ctx, site, options);
  await bookCredits(ctx.db, { userId: user.id, delta: 100, reason: 'adjustment', at: ctx.clock.now() });
  return { id: user.id, cookies: { rdv_session: await ctx.services.sessions.start(user.id, 'test') } };
}

let sent = 0;
const send = (cookies: Record<string, string>, body: Record<string, unknown>, language = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/messages.php',
    cookies: { ...cookies, i18n_redirected: language },
    payload: { client_id: `safety-${++sent}-${Date.now()}`, ...body },
  });

describe('POST /api/messages.php with safety signals', () => {
  it('asks before a phone number goes out, sends once confirmed, and warns the recipient', async () => {
    const sender = await loggedIn({ gender: 'male', paidUser: true });
    const recipient = await loggedIn();
    const text = 'Call me on 0152 1234 5678';
    const asked = await send(sender.cookies, { profile_id: recipient.id, text, client_id: 'phone-first-try' });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ error: 'message_safety_confirm' });
    expect(asked.json().message).toContain('a phone number');
    expect(asked.json().message).toContain('Are you sure');

    const confirmed = await send(sender.cookies, { profile_id: recipient.id, text, client_id: 'phone-first-try', confirmed_safety: true });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().message.warnings).toEqual(['off_site']);
    const history = await ctx.app.inject({ url: `/api/messages.php?conversation=${confirmed.json().message.conversation_id}`, cookies: recipient.cookies });
    expect(history.json().messages[0]).toMatchObject({ text, warnings: ['off_site'] });
  });

  it('asks in the sender’s language', async () => {
    const sender = await loggedIn({ gender: 'male', paidUser: true });
    const recipient = await loggedIn();
    const asked = await send(sender.cookies, { profile_id: recipient.id, text: 'Schick mir Geld, bitte' }, 'de');
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe('Diese Nachricht scheint eine Bitte um Geld zu enthalten. Möchtest du sie wirklich senden?');
  });

  it('sends an insult without asking, marked for the recipient; an ordinary message carries no warnings', async () => {
    const sender = await loggedIn({ gender: 'male', paidUser: true });
    const recipient = await loggedIn();
    const insult = await send(sender.cookies, { profile_id: recipient.id, text: 'you stupid idiot' });
    expect(insult.statusCode).toBe(201);
    expect(insult.json().message.warnings).toEqual(['insult']);
    const friendly = await send(sender.cookies, { profile_id: recipient.id, text: 'Sorry, that was rude. How was your day?' });
    expect(friendly.statusCode).toBe(201);
    expect(friendly.json().message).not.toHaveProperty('warnings');
  });

  it('refuses contact details outright where the site blocks them, confirmed or not', async () => {
    const owner = await createStaffMember(ctx, 'owner');
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/sites/${site.id}/safety`,
      cookies: owner.cookies,
      payload: { hold_contact_texts: true, message_policy: 'block' },
    });
    expect(settings.statusCode).toBe(200);
    try {
      const sender = await loggedIn({ gender: 'male', paidUser: true });
      const recipient = await loggedIn();
      const blocked = await send(sender.cookies, { profile_id: recipient.id, text: 'mail me: anna@example.org', confirmed_safety: true });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ error: 'message_safety_blocked' });
      expect(blocked.json().message).toContain('an e-mail address');
    } finally {
      await ctx.services.safetyRules.saveSettings({ id: null, email: 'test', role: 'system', ip: null }, site.id, {
        hold_contact_texts: true,
        message_policy: 'confirm',
      });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember, signUpMember, validSignup } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import type { SiteRow } from '../db/schema/index';

/**
 * Every absolute URL the server writes comes from the site's configured domain, whatever Host,
 * X-Forwarded-Host or X-Forwarded-Proto a request carries — even behind a trusted proxy.
 */
let ctx: TestContext;
let localSite: SiteRow;
let publicSite: SiteRow;
/** A request for love.test through the trusted proxy, which says it came in over plain HTTP. */
const viaProxy = { host: 'app.internal:3000', 'x-forwarded-host': 'love.test', 'x-forwarded-proto': 'http' };

beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: '1', SITE_SCHEME: 'https' }, services: { demoWebhookDelivery: async () => {} } });
  localSite = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  publicSite = await createSite(ctx.db, { domain: 'love.test' });
});
afterAll(() => ctx.close());

const linkTo = (to: string) => ctx.mailer.linkIn(ctx.mailer.last(to));

describe('absolute links', () => {
  it.each([
    ['Host', { host: 'evil.example' }],
    ['X-Forwarded-Host', { host: 'love.test', 'x-forwarded-host': 'evil.example:8080' }],
  ])('sends a sign-up from an unknown %s to the default site, never back to that host', async (_header, headers) => {
    const input = validSignup();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', headers, payload: input });
    expect(response.statusCode).toBe(201);
    expect(linkTo(input.email!)).toMatch(/^http:\/\/localhost:3000\/api\/activate\.php\?token=/);
  });

  it('builds reset, activation, e-mail change and reactivation links on the configured domain behind a proxy', async () => {
    const { input, token } = await signUpMember(ctx, publicSite);
    const cookies = { rdv_session: token };
    const headers = viaProxy;

    await ctx.app.inject({ method: 'POST', url: '/api/activate.php', headers, cookies });
    expect(linkTo(input.email!)).toMatch(/^https:\/\/love\.test\/api\/activate\.php\?token=/);

    await ctx.app.inject({ method: 'POST', url: '/api/password-reset.php', headers, payload: { email: input.email } });
    expect(linkTo(input.email!)).toMatch(/^https:\/\/love\.test\/reset-password\/do\?token=/);

    const newEmail = `moved.${Date.now()}@example.com`;
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/mail-change.php',
      headers,
      cookies,
      payload: { email: newEmail, password: input.password },
    });
    expect(change.statusCode).toBe(200);
    expect(linkTo(newEmail)).toMatch(/^https:\/\/love\.test\/mail-change\/do\?token=/);

    const deletion = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account.php',
      headers,
      cookies,
      payload: { reason: 'other', password: input.password },
    });
    expect(deletion.statusCode).toBe(200);
    expect(ctx.mailer.last(input.email!).text).toContain('https://love.test/api/account.php?reactivate=1&token=');
    expect(ctx.mailer.sent.map((mail) => mail.text).join('\n')).not.toContain('evil.example');
  });

  it("gives the payment provider the site's own return and webhook addresses", async () => {
    const member = await createVisibleMember(ctx, publicSite);
    const cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
    const headers = viaProxy;
    const bundles = (await ctx.app.inject({ url: '/api/orders.php', headers, cookies })).json();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders.php',
      headers,
      cookies,
      payload: { bundle_id: bundles.bundles[0].id, payment_method: 'ideal', client_id: 'links-order-1' },
    });
    expect(created.statusCode).toBe(201);
    const payment = await ctx.services.demoPayments.findPayment(created.json().redirect_url.split('/').pop());
    expect(payment?.returnUrl).toMatch(/^https:\/\/love\.test\/credits\/\d+\/ideal\?order=\d+$/);
    expect(payment?.webhookUrl).toBe('https://love.test/api/payment-webhook.php?provider=demo');
  });
});

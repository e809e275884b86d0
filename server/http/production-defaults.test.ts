import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import type { SiteRow } from '../db/schema/index';

/** A production deployment that configured nothing: safe by default. */
let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ env: { NODE_ENV: 'production', TRUST_PROXY: '1' } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

async function signedIn() {
  const member = await createVisibleMember(ctx, site, { country: 'NL' });
  return { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
}

describe('a production install with default settings', () => {
  it('offers nothing to pay with and refuses orders, rather than faking a payment', async () => {
    const cookies = await signedIn();
    const offer = (await ctx.app.inject({ url: '/api/orders.php', cookies })).json();
    expect(offer.payment_methods).toEqual([]);
    expect(offer.bundles.length).toBeGreaterThan(0);
    for (const payment_method of ['ideal', 'directdebit']) {
      const order = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders.php',
        cookies,
        payload: { bundle_id: offer.bundles[0].id, payment_method, client_id: `default-${payment_method}` },
      });
      expect(order.statusCode).toBe(409);
      expect(order.json()).toEqual({
        error: 'payments_unavailable',
        message: 'Payments are not available on this site at the moment. Please try again later.',
      });
    }
  });

  it('keeps the API documentation to development', async () => {
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
  });

  it('sends a Permissions-Policy that keeps only geolocation, with API answers and pages alike', async () => {
    for (const url of ['/api/settings.php', '/login']) {
      const policy = String((await ctx.app.inject({ url })).headers['permissions-policy']);
      expect(policy).toContain('geolocation=(self)');
      expect(policy).toContain('camera=()');
      expect(policy).toContain('microphone=()');
      expect(policy).toContain('payment=()');
      expect(policy).toContain('usb=()');
    }
  });

  it('sends Strict-Transport-Security over HTTPS only', async () => {
    const plain = await ctx.app.inject({ url: '/api/settings.php' });
    expect(plain.headers).not.toHaveProperty('strict-transport-security');
    const secure = await ctx.app.inject({ url: '/api/settings.php', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('opens the outbox page only with the key printed at start, and keeps the key out of the address bar', async () => {
    const wrong = await ctx.app.inject({ url: '/dev/outbox?key=guess' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const right = await ctx.app.inject({ url: `/dev/outbox?key=${ctx.services.secrets.outboxKey}` });
    expect(right.statusCode).toBe(302);
    expect(right.headers.location).toBe('/dev/outbox');
    expect(String(right.headers['set-cookie'])).toMatch(/^rdv_outbox=[\w-]+; Path=\/dev\/outbox; HttpOnly; SameSite=Strict$/);
  });

  it('rate-limits by the address the trusted proxy appended, not the one a client wrote in front', async () => {
    const attempts = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      attempts.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/user.php',
          headers: { 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.7` },
          // A new address each time: the account lockout must not be what stops them.
          payload: { email: `nobody${attempt}@example.com`, password: 'wrong password' },
        }),
      );
    }
    expect(attempts.slice(0, 20).map((response) => response.statusCode)).not.toContain(429);
    expect(attempts[20].statusCode).toBe(429);
  });
});

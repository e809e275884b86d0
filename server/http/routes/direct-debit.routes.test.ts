import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectDebitResponse } from '../../../contract/payments';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createRecordingSmsSender } from '../../../tests/setup/recording-sms';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { users, type SiteRow } from '../../db/schema/index';

const sms = createRecordingSmsSender();
let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ services: { smsSender: sms } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(async () => {
  // Balance updates go out to the realtime bus after commit, unawaited: let the last ones land first.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await ctx.close();
});

let counter = 0;

async function loggedIn(options: { blocked?: boolean } = {}) {
  const user = await createVisibleMember(ctx, site, { country: 'NL' });
  await ctx.db
    .update(users)
    .set({ createdAt: new Date(ctx.clock.now().getTime() - 30 * 24 * 3_600_000), directDebitBlocked: options.blocked ?? false })
    .where(eq(users.id, user.id));
  return { id: user.id, cookies: { rdv_session: await ctx.services.sessions.start(user.id, 'test') } };
}

async function sepaOrder(member: { cookies: Record<string, string> }) {
  const { bundles } = (await ctx.app.inject({ url: '/api/orders.php', cookies: member.cookies })).json();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders.php',
    cookies: member.cookies,
    payload: { bundle_id: bundles[1].id, payment_method: 'directdebit', client_id: `route-sepa-${++counter}` },
  });
  expect(response.statusCode).toBe(201);
  expect(response.json().redirect_url).toBe(`/directdebit?order=${response.json().order.id}`);
  return response.json().order.id as number;
}

const post = (member: { cookies: Record<string, string> } | null, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/directdebit.php', cookies: member?.cookies, payload, headers });

const mandateBody = (orderId: number, overrides: object = {}) => ({
  action: 'mandate',
  order_id: orderId,
  account_holder: 'Anna de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Damrak',
  house_number: '1',
  postal_code: '1012LG',
  city: 'Amsterdam',
  mobile: '+31612345678',
  consent: true,
  ...overrides,
});

describe('directdebit.php', () => {
  it('needs a member', async () => {
    const response = await post(null, { action: 'resend', mandate_id: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });

  it('validates the body against the contract', async () => {
    const member = await loggedIn();
    expect((await post(member, { action: 'sign' })).statusCode).toBe(400);
    const missing = await post(member, { action: 'mandate', order_id: 1, iban: 'NL91ABNA0417164300' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('validation_failed');
  });

  it('takes the mandate, confirms the texted code and pays the order', async () => {
    const member = await loggedIn();
    const orderId = await sepaOrder(member);
    const taken = await post(member, mandateBody(orderId));
    expect(taken.statusCode).toBe(200);
    const answer = DirectDebitResponse.parse(taken.json());
    expect(answer.sms_sent_to).toBe('••••••••678');

    const wrong = await post(member, { action: 'confirm', mandate_id: answer.mandate_id, code: 'abcdef' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: 'sms_code_invalid',
      message: 'Code invalid',
      fields: [{ field: 'code', code: 'sms_code_invalid', problem: 'Code invalid' }],
    });

    const confirmed = await post(member, { action: 'confirm', mandate_id: answer.mandate_id, code: sms.lastCode() });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().order).toMatchObject({ id: orderId, status: 'paid', credits: 125 });
    const status = (await ctx.app.inject({ url: `/api/orders.php?id=${orderId}`, cookies: member.cookies })).json();
    expect(status).toMatchObject({ credits: 125, paid_user: true });
  });

  it('maps the SEPA refusals to their statuses and the spec’s texts', async () => {
    const member = await loggedIn();
    const orderId = await sepaOrder(member);
    const invalid = await post(member, mandateBody(orderId, { iban: 'NL91ABNA0417164301', consent: false }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: 'iban_invalid',
      fields: [
        { field: 'iban', problem: 'Enter a valid IBAN, for example NL91 ABNA 0417 1643 00.' },
        { field: 'consent', problem: 'Please agree to the direct debit mandate.' },
      ],
    });

    const { mandate_id } = (await post(member, mandateBody(orderId))).json();
    const tooSoon = await post(member, { action: 'resend', mandate_id });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toBe('sms_resend_limit');

    const blocked = await loggedIn({ blocked: true });
    const refused = await post(blocked, mandateBody(await sepaOrder(blocked)));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'direct_debit_blocked', message: 'Your account is blocked for direct debit payments.' });
  });

  it('answers another member’s order or mandate with 404', async () => {
    const owner = await loggedIn();
    const stranger = await loggedIn();
    const orderId = await sepaOrder(owner);
    const { mandate_id } = (await post(owner, mandateBody(orderId))).json();
    expect((await post(stranger, mandateBody(orderId))).statusCode).toBe(404);
    expect((await post(stranger, { action: 'confirm', mandate_id, code: sms.lastCode() })).statusCode).toBe(404);
    expect((await post(stranger, { action: 'resend', mandate_id })).statusCode).toBe(404);
  });

  it('refuses a cross-site form post', async () => {
    const member = await loggedIn();
    const response = await post(member, mandateBody(await sepaOrder(member)), { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('csrf_failed');
  });
});

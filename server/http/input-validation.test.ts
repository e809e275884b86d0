import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import type { SiteRow } from '../db/schema/index';

/**
 * The input classes that used to reach the database or the multipart parser and come back as
 * 500s: text with control characters, ids past the integer column, unreadable multipart
 * bodies — and the field problems every refusal carries, as sentences in the member's language.
 */

let ctx: TestContext;
let site: SiteRow;
let cookies: { rdv_session: string };
let otherId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, signupCredits: 100 });
  const member = await createVisibleMember(ctx, site, { gender: 'female', seeking: 'male' });
  otherId = (await createVisibleMember(ctx, site, { gender: 'male', seeking: 'female' })).id;
  cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
});
afterAll(() => ctx.close());

const NOT_ALLOWED = 'This contains characters that are not allowed here.';
let clientCounter = 0;
const clientId = () => `input-test-${++clientCounter}-${Date.now()}`;

describe('text with control characters', () => {
  it.each([
    ['POST', '/api/user.php', { email: 'a\u0000b@example.com', password: 'whatever' }, 'body.email'],
    ['POST', '/api/signup.php', { email: 'eva@example.com', name: 'Eva\u0000', validate_only: true }, 'body.name'],
    ['POST', '/api/password-reset.php', { email: 'x\u0007@example.com' }, 'body.email'],
    ['PUT', '/api/profile.php', { name: 'An\u001bna' }, 'body.name'],
    ['POST', '/api/messages.php', { profile_id: 1, text: 'Hi\u0000', client_id: 'client-id-0001' }, 'body.text'],
    ['POST', '/api/messages.php', { profile_id: 1, text: 'Hi', client_id: 'client\u0000id01' }, 'body.client_id'],
    ['POST', '/api/orders.php', { bundle_id: 1, payment_method: 'ideal', discount_code: 'TIME\u0000BONUS', client_id: 'client-id-0002' }, 'body.discount_code'],
  ])('%s %s refuses it with a field error, not a database error', async (method, url, payload, field) => {
    const response = await ctx.app.inject({ method: method as 'POST', url, payload, cookies });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', fields: expect.arrayContaining([{ field, problem: NOT_ALLOWED }]) });
  });

  it('refuses them in query strings and path parameters too', async () => {
    const code = await ctx.app.inject({ url: '/api/discountcode.php?code=%00', cookies });
    expect(code.statusCode).toBe(400);
    expect(code.json().fields).toEqual([{ field: 'querystring.code', problem: NOT_ALLOWED }]);
    const checkout = await ctx.app.inject({ url: '/demo-checkout/demo_%00' });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toMatchObject({ error: 'validation_failed', fields: [{ field: 'params.id', problem: NOT_ALLOWED }] });
  });

  it('keeps line breaks and tabs where a text has several lines', async () => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      cookies,
      payload: { profile_id: otherId, text: 'Hi!\n\tHow are you?', client_id: clientId() },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message.text).toBe('Hi!\n\tHow are you?');
    const about = await ctx.app.inject({ method: 'PUT', url: '/api/profile.php', cookies, payload: { about: 'Line one\nLine two' } });
    expect(about.statusCode).toBe(200);
    const name = await ctx.app.inject({ method: 'PUT', url: '/api/profile.php', cookies, payload: { name: 'Anna\nB' } });
    expect(name.statusCode).toBe(400);
  });
});

describe('ids past the integer column', () => {
  const TOO_BIG = 2 ** 31;
  it.each([
    ['GET', `/api/members.php?id=${TOO_BIG}`, undefined],
    ['GET', `/api/members.php?id=${Number.MAX_SAFE_INTEGER}`, undefined],
    ['POST', '/api/like.php', { profile_id: TOO_BIG }],
    ['POST', '/api/block.php', { profile_id: TOO_BIG }],
    ['POST', '/api/swipe.php', { profile_id: TOO_BIG, action: 'pass', mode: 'swipe_game' }],
    ['GET', `/api/messages.php?conversation=${TOO_BIG}`, undefined],
    ['POST', '/api/messages.php', { conversation_id: TOO_BIG, text: 'Hello', client_id: 'client-id-0003' }],
    ['DELETE', '/api/chat.php', { conversation: { id: TOO_BIG } }],
    ['GET', `/api/orders.php?id=${TOO_BIG}`, undefined],
    ['GET', `/api/transactions.php?id=${TOO_BIG}`, undefined],
    ['POST', '/api/refunds.php', { order_id: TOO_BIG }],
    ['DELETE', '/api/photos.php', { photo_id: TOO_BIG }],
  ])('%s %s answers 404: no such record can exist', async (method, url, payload) => {
    const response = await ctx.app.inject({ method: method as 'GET', url, payload, cookies });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found', message: 'This page could not be found' });
  });

  it.each(['-1', '0', '1.5', 'abc', '9007199254740993'])('still answers id=%s with 400, a malformed id', async (id) => {
    const response = await ctx.app.inject({ url: `/api/members.php?id=${id}`, cookies });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
  });

  it('takes the whole range of a message id (a bigint column)', async () => {
    const response = await ctx.app.inject({ url: `/api/message-photo.php?message=${TOO_BIG}`, cookies });
    expect(response.statusCode).toBe(404);
  });

  it('answers a made-up member that fits the column with 404 too', async () => {
    for (const url of ['/api/block.php', '/api/swipe.php']) {
      const response = await ctx.app.inject({ method: 'POST', url, cookies, payload: { profile_id: 2_000_000_000, action: 'pass', mode: 'swipe_game' } });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('unreadable multipart bodies', () => {
  const boundary = 'testboundary12345';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0`;
  it.each([
    ['/api/photos.php', 'multipart/form-data', part],
    ['/api/photos.php', `multipart/form-data; boundary=${boundary}`, part],
    ['/api/messages.php', 'multipart/form-data', part],
    ['/api/messages.php', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="client_id"\r\n\r\nabcdefgh12`],
  ])('POST %s with %s and a cut-off body answers 400', async (url, type, body) => {
    const response = await ctx.app.inject({ method: 'POST', url, cookies, headers: { 'content-type': type }, payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'validation_failed',
      fields: [{ field: 'body', problem: 'We could not read what was sent. Please try again.' }],
    });
  });
});

describe('field problems', () => {
  const mandate = {
    action: 'mandate',
    order_id: 1,
    account_holder: 'Anna de Vries',
    iban: 'NL91ABNA0417164300',
    street: 'Damrak',
    house_number: '1',
    postal_code: '1012 LG',
    city: 'Amsterdam',
    mobile: '123',
    consent: true,
  };

  it('are sentences in the member’s language, never the validator’s own text', async () => {
    const english = await ctx.app.inject({ method: 'POST', url: '/api/directdebit.php', cookies, payload: mandate });
    expect(english.statusCode).toBe(400);
    expect(english.json().fields).toEqual([{ field: 'body.mobile', problem: 'Use at least 6 characters.' }]);
    const german = await ctx.app.inject({ method: 'POST', url: '/api/directdebit.php', cookies: { ...cookies, i18n_redirected: 'de' }, payload: mandate });
    expect(german.json().fields).toEqual([{ field: 'body.mobile', problem: 'Verwende mindestens 6 Zeichen.' }]);
  });

  it.each([
    [{ ...mandate, iban: undefined }, 'body.iban', 'Please fill in this field.'],
    [{ ...mandate, account_holder: 'x'.repeat(71) }, 'body.account_holder', 'Use at most 70 characters.'],
    [{ ...mandate, order_id: 1.5 }, 'body.order_id', 'Enter a whole number.'],
    [{ ...mandate, order_id: 'one' }, 'body.order_id', 'Enter a number.'],
    [{ ...mandate, order_id: -4 }, 'body.order_id', 'Enter a number greater than 0.'],
    [{ ...mandate, consent: 'yes' }, 'body.consent', 'This value is not valid.'],
    [{ ...mandate, action: 'steal' }, 'body.action', 'Choose one of the options offered.'],
  ])('name the kind of problem: %#', async (payload, field, problem) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/directdebit.php', cookies, payload });
    expect(response.json().fields).toContainEqual({ field, problem });
  });

  it('name what a refinement asks for, in the member’s language', async () => {
    const english = await ctx.app.inject({ url: '/api/members.php?min_age=40&max_age=30', cookies });
    expect([english.statusCode, english.json().fields]).toEqual([
      400,
      [{ field: 'querystring.min_age', problem: 'The lowest age must not be above the highest.' }],
    ]);
    const german = await ctx.app.inject({ url: '/api/members.php?min_age=40&max_age=30', cookies: { ...cookies, i18n_redirected: 'de' } });
    expect(german.json().fields).toEqual([{ field: 'querystring.min_age', problem: 'Das Mindestalter darf nicht über dem Höchstalter liegen.' }]);
  });

  it('covers a choice, an unknown field and an unreadable body', async () => {
    const choice = await ctx.app.inject({ method: 'PUT', url: '/api/user.php', cookies, payload: { language: 'xx' } });
    expect(choice.json().fields).toEqual([{ field: 'body.language', problem: 'Choose one of the options offered.' }]);
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/orders.php?repeat=1', cookies, payload: { client_id: clientId(), extra: 1 } });
    expect(unknown.json().fields).toContainEqual({ field: 'body.extra', problem: 'This field does not belong here.' });
    const broken = await ctx.app.inject({ method: 'POST', url: '/api/user.php', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      error: 'validation_failed',
      fields: [{ field: 'body', problem: 'We could not read what was sent. Please try again.' }],
    });
  });

  it('come with the multipart fields of a photo message too', async () => {
    const boundary = 'photoboundary777';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="profile_id"\r\n\r\n${otherId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="client_id"\r\n\r\nshort\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nxx\r\n--${boundary}--\r\n`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      cookies,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ field: 'body.client_id', problem: 'Use at least 8 characters.' }]);
  });
});

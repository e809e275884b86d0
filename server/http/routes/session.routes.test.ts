import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFromLastMail, validSignup } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, signupCredits: 5 });
});
afterAll(() => ctx.close());

const sessionCookieOf = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((cookie) => cookie.name === 'rdv_session');

async function signUp(overrides = {}) {
  const input = validSignup(overrides);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', payload: input });
  return { input, response, cookie: sessionCookieOf(response)!.value };
}

describe('POST /api/signup.php', () => {
  it('creates the member and logs them in with a safe session cookie', async () => {
    const { response } = await signUp();
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ status: 'not_confirmed', credits: 5 });
    const cookie = response.cookies.find((c) => c.name === 'rdv_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
  });

  it('answers each broken field with the spec’s text, in the visitor’s language', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      cookies: { i18n_redirected: 'en' },
      payload: validSignup({ name: '@me', date_of_birth: '2012-05-05' }),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { field: 'name', code: 'username_starts_with_at', problem: 'Username may not start with @' },
        { field: 'date_of_birth', code: 'date_of_birth_required', problem: 'Enter your date of birth (18+)' },
      ]),
    );
  });

  it('validates one step without creating anything', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', payload: { validate_only: true, email: 'eva@hotmial.com' } });
    expect(response.json()).toEqual({ valid: true });
    const typo = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', payload: { validate_only: true, email: 'eva@example' } });
    expect(typo.json()).toMatchObject({ error: 'email_invalid', message: 'Invalid email' });
  });

  it('refuses a password that is easy to guess, with a clear text in the visitor’s language', async () => {
    for (const password of ['        ', 'aaaaaaaa', '\u0000'.repeat(8)]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', cookies: { i18n_redirected: 'de' }, payload: validSignup({ password }) });
      expect(response.statusCode).toBe(400);
      // Control characters never reach the strength check: the contract refuses them first.
      expect(response.json().fields).toContainEqual(expect.objectContaining({ field: password.startsWith('\u0000') ? 'body.password' : 'password' }));
    }
    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      cookies: { i18n_redirected: 'de' },
      payload: validSignup({ password: 'aaaaaaaa' }),
    });
    expect(weak.json().fields).toContainEqual({
      field: 'password',
      code: 'password_too_common',
      problem: expect.stringContaining('Dieses Passwort ist zu leicht zu erraten.'),
    });
    const step = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', payload: { validate_only: true, password: 'Sommer2024' } });
    expect(step.json()).toMatchObject({ error: 'password_too_common' });
  });

  it('answers a duplicate address with 409', async () => {
    const { input } = await signUp();
    const again = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', payload: validSignup({ email: input.email }) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This email address already owns an account on this website.');
  });
});

describe('user.php and logout.php', () => {
  it('answers 403 authentication_required when logged out', async () => {
    const response = await ctx.app.inject({ url: '/api/user.php' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });

  it('logs in, rotates the session token, and logs out on the server', async () => {
    const { input, cookie: signupCookie } = await signUp();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { 'x-request-type': 'client' },
      cookies: { rdv_session: signupCookie },
      payload: { email: input.email, password: input.password },
    });
    expect(login.statusCode).toBe(200);
    const fresh = sessionCookieOf(login)!.value;
    expect(fresh).not.toBe(signupCookie);
    expect((await ctx.app.inject({ url: '/api/user.php', cookies: { rdv_session: signupCookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/user.php', cookies: { rdv_session: fresh } })).json().user.email).toBe(input.email);

    await ctx.app.inject({ url: '/api/logout.php', cookies: { rdv_session: fresh } });
    expect((await ctx.app.inject({ url: '/api/user.php', cookies: { rdv_session: fresh } })).statusCode).toBe(403);
  });

  it('says "Login failed, please try again" in the visitor’s language', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      cookies: { i18n_redirected: 'de' },
      payload: { email: 'nobody@example.com', password: 'secret-secret' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('login_failed');
    expect(response.json().message).not.toBe('Login failed, please try again');
  });

  it('refuses a log-out asked by another site, and keeps the app’s own GET working', async () => {
    const { cookie } = await signUp();
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }]) {
      const forged = await ctx.app.inject({ url: '/api/logout.php', headers, cookies: { rdv_session: cookie } });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error).toBe('csrf_failed');
      expect((await ctx.app.inject({ url: '/api/user.php', cookies: { rdv_session: cookie } })).statusCode).toBe(200);
    }
    const own = await ctx.app.inject({ url: '/api/logout.php', headers: { 'sec-fetch-site': 'same-origin' }, cookies: { rdv_session: cookie } });
    expect(own.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/user.php', cookies: { rdv_session: cookie } })).statusCode).toBe(403);
  });

  it('refuses a log-in posted from another site', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: 'a@b.cd', password: 'x' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('csrf_failed');
  });

  it('saves the language chosen before logging in, and a later change', async () => {
    const { input } = await signUp();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      cookies: { i18n_redirected: 'fi' },
      payload: { email: input.email, password: input.password },
    });
    expect(login.json().user.language).toBe('fi');
    const cookie = sessionCookieOf(login)!.value;
    const change = await ctx.app.inject({ method: 'PUT', url: '/api/user.php', cookies: { rdv_session: cookie }, payload: { language: 'sv' } });
    expect(change.cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('sv');
    expect((await ctx.app.inject({ url: '/api/user.php', cookies: { rdv_session: cookie } })).json().user.language).toBe('sv');
  });
});

describe('activation link', () => {
  it('confirms and redirects to /activate/done, or /activate/error for a bad link', async () => {
    const { input } = await signUp();
    const token = tokenFromLastMail(ctx, input.email!);
    const done = await ctx.app.inject({ url: `/api/activate.php?token=${token}` });
    expect(done.headers.location).toBe('/activate/done');
    const again = await ctx.app.inject({ url: `/api/activate.php?token=${token}` });
    expect(again.headers.location).toBe('/activate/error');
  });
});

describe('password-reset.php', () => {
  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const { input } = await signUp();
    const mailsBefore = ctx.mailer.sent.length;
    const known = await ctx.app.inject({ method: 'POST', url: '/api/password-reset.php', payload: { email: input.email }, remoteAddress: '198.51.100.70' });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: 'ghost@example.com' },
      remoteAddress: '198.51.100.71',
    });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(ctx.mailer.sent.slice(mailsBefore).map((mail) => mail.to)).toEqual([input.email]);
  });

  it('refuses a malformed address with a 400 and mails nobody', async () => {
    const mailsBefore = ctx.mailer.sent.length;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: 'attacker,victim@example.org' },
      remoteAddress: '198.51.100.73',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ field: 'body.email', problem: 'Enter a valid e-mail address, e.g. name@example.com.' }]);
    expect(ctx.mailer.sent.length).toBe(mailsBefore);
  });

  it('holds back an unknown address after three requests, as it does a known one', async () => {
    const { input } = await signUp();
    const answers = async (email: string) => {
      const codes = [];
      for (let n = 0; n < 4; n++)
        codes.push((await ctx.app.inject({ method: 'POST', url: '/api/password-reset.php', payload: { email }, remoteAddress: '198.51.100.72' })).statusCode);
      return codes;
    };
    expect(await answers(input.email!)).toEqual([200, 200, 200, 429]);
    expect(await answers('nobody.here@example.com')).toEqual([200, 200, 200, 429]);
  });
});

describe('account.php', () => {
  it('needs a member for privacy mode and deletion', async () => {
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/account.php', payload: { invisible: true } })).statusCode).toBe(403);
  });

  it('deletes with the password and clears the session cookie', async () => {
    const { input, cookie } = await signUp();
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account.php',
      cookies: { rdv_session: cookie },
      payload: { reason: 'found_partner', password: input.password },
    });
    expect(response.statusCode).toBe(200);
    expect(sessionCookieOf(response)?.value).toBe('');
    const link = ctx.mailer.linkIn(ctx.mailer.last(input.email));
    const restore = await ctx.app.inject({ url: new URL(link).pathname + new URL(link).search });
    expect(restore.headers.location).toBe('/login?reactivated=1');
  });
});

describe('restoring a deleted account from the log-in (spec §4 reactivation)', () => {
  it('answers the right password with the pending-deletion text and an offer that restores and signs in', async () => {
    const { input, cookie } = await signUp();
    await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account.php',
      cookies: { rdv_session: cookie },
      payload: { reason: 'other', password: input.password },
    });
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/user.php', payload: { email: input.email, password: 'not my password' } });
    expect(wrong.cookies.find((c) => c.name === 'rdv_restore')).toBeUndefined();

    const login = await ctx.app.inject({ method: 'POST', url: '/api/user.php', payload: { email: input.email, password: input.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('account_pending_deletion');
    expect(sessionCookieOf(login)).toBeUndefined();
    const offer = login.cookies.find((c) => c.name === 'rdv_restore')!;
    expect(offer).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/account-restore.php' });
    // The link is still mailed as well.
    expect(ctx.mailer.linkIn(ctx.mailer.last(input.email))).toContain('reactivate=1');

    expect((await ctx.app.inject({ method: 'POST', url: '/api/account-restore.php' })).json().error).toBe('link_invalid');
    const restore = await ctx.app.inject({ method: 'POST', url: '/api/account-restore.php', cookies: { rdv_restore: offer.value } });
    expect(restore.statusCode).toBe(200);
    const session = sessionCookieOf(restore)!.value;
    expect((await ctx.app.inject({ url: '/api/user.php', cookies: { rdv_session: session } })).json().user.email).toBe(input.email);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/account-restore.php', cookies: { rdv_restore: offer.value } })).statusCode).toBe(400);
  });
});

describe('sign-up rate limit', () => {
  it('answers whether an address is taken ten times a day per client, then refuses alike for taken and free addresses', async () => {
    const { input } = await signUp();
    const check = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/signup.php', remoteAddress: '203.0.113.10', payload: { validate_only: true, email } });
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) statuses.push((await check(n % 2 ? `free${n}@example.com` : `probe${n}.${input.email}`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    const taken = await check(input.email!);
    const free = await check('still.free@example.com');
    expect([taken.statusCode, free.statusCode]).toEqual([429, 429]);
    expect(taken.body).toBe(free.body);
    expect(taken.json()).toEqual({ error: 'rate_limited', message: 'Too many requests, please try again later.' });
    // A sign-up from this client waits too, whichever address it names.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/signup.php', remoteAddress: '203.0.113.10', payload: validSignup({ email: input.email }) }))
        .statusCode,
    ).toBe(429);
  });

  it('answers checks of one address five times a day from all clients together', async () => {
    const { input } = await signUp();
    const check = (n: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/signup.php', remoteAddress: `203.0.113.${20 + n}`, payload: { validate_only: true, email: input.email } });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await check(n)).statusCode);
    expect(statuses).toEqual([409, 409, 409, 409, 409, 429]);
    expect((await check(0)).json().message).toBe('Too many requests, please try again later.');
  });

  it('counts sign-ups per address, not the checks of each form step', async () => {
    for (let check = 0; check < 40; check++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/signup.php',
        remoteAddress: '203.0.113.9',
        payload: { validate_only: true, gender: 'male' },
      });
      expect(response.statusCode).toBe(200);
    }
    let lastStatus = 0;
    for (let attempt = 0; attempt < 31; attempt++) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', remoteAddress: '203.0.113.9', payload: { email: 'x' } });
      lastStatus = response.statusCode;
    }
    expect(lastStatus).toBe(429);
  });
});

describe('lockout and reset limits over HTTP (ADR 0019)', () => {
  const login = (payload: object, options: { remoteAddress?: string; cookies?: Record<string, string> } = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/user.php', payload, ...options });
  const deviceOf = (response: { cookies: { name: string; value: string; maxAge?: number }[] }) =>
    response.cookies.find((cookie) => cookie.name === 'rdv_device');

  it('gives the browser a long-lived HttpOnly device cookie, and trusts it once it signed up', async () => {
    const { input, response } = await signUp();
    const device = deviceOf(response)!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(device.maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
    // A stranger at the same address locks themselves out …
    for (let attempt = 0; attempt < 5; attempt++) await login({ email: input.email, password: 'wrong guess' }, { remoteAddress: '198.51.100.20' });
    const stranger = await login({ email: input.email, password: input.password }, { remoteAddress: '198.51.100.20' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ error: 'account_locked', message: 'Too many incorrect attempts, account blocked for 15 min.' });
    // … and the owner's browser still gets in.
    const owner = await login({ email: input.email, password: input.password }, { remoteAddress: '198.51.100.20', cookies: { rdv_device: device.value } });
    expect(owner.statusCode).toBe(200);
  });

  it('locks an unknown address after as many tries as a known one, with the same answers', async () => {
    const { input } = await signUp();
    const answers = async (email: string) => {
      const seen: string[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await login({ email, password: 'wrong guess' }, { remoteAddress: '198.51.100.21' });
        seen.push(`${response.statusCode} ${response.json().message}`);
      }
      return seen;
    };
    expect(await answers(`ghost.${input.email}`)).toEqual(await answers(input.email!));
  });

  it('counts wrong current passwords into the lockout (PUT password.php)', async () => {
    const { cookie } = await signUp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/password.php',
        remoteAddress: '198.51.100.22',
        cookies: { rdv_session: cookie },
        payload: { old_password: `guess ${attempt}`, new_password: 'a whole new secret phrase', new_password_confirm: 'a whole new secret phrase' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('says the password is wrong on the e-mail change, not the "old password"', async () => {
    const { input, cookie } = await signUp();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/mail-change.php',
      cookies: { rdv_session: cookie, i18n_redirected: 'en' },
      payload: { email: `new.${input.email}`, password: 'not my password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ field: 'password', code: 'current_password_wrong', problem: 'This is not your current password.' }]);
  });

  it('holds back a requester of reset mails after three, but lets the signed-in owner through', async () => {
    const { input, cookie } = await signUp();
    const request = (options: { remoteAddress: string; cookies?: Record<string, string> }) =>
      ctx.app.inject({ method: 'POST', url: '/api/password-reset.php', payload: { email: input.email }, ...options });
    for (let n = 0; n < 3; n++) expect((await request({ remoteAddress: '198.51.100.23' })).statusCode).toBe(200);
    const fourth = await request({ remoteAddress: '198.51.100.23' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe('Too many password reset emails sent, please try again tomorrow.');
    for (let n = 0; n < 7; n++) expect((await request({ remoteAddress: `198.51.100.${30 + n}` })).statusCode).toBe(200);
    // Ten mails from strangers today: a new stranger waits, the signed-in owner does not.
    expect((await request({ remoteAddress: '198.51.100.40' })).statusCode).toBe(429);
    expect((await request({ remoteAddress: '198.51.100.40', cookies: { rdv_session: cookie } })).statusCode).toBe(200);
  });
});

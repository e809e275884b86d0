import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember, tokenFromLastMail } from '../../../tests/factories/members';
import { failure } from '../../../tests/setup/failure';
import type { TestContext } from '../../../tests/setup/test-services';
import { client, openAccountsSite, requester, sessionDevice } from './accounts-test-site';
import type { SiteRow } from '../../db/schema/index';

/** Logging in, and the lockouts that hold back guessing (ADR 0019). */

let ctx: TestContext;
let site: SiteRow;

beforeAll(async () => {
  ({ ctx, site } = await openAccountsSite());
});
afterAll(() => ctx.close());

describe('accounts.login', () => {
  it('logs in with the right password and starts a new session each time', async () => {
    const { input } = await signUpMember(ctx, site);
    const first = await ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, client);
    const second = await ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, client);
    expect(first.token).not.toBe(second.token);
    expect(await ctx.services.sessions.findUserId(second.token)).toBe(first.user.id);
  });

  it('answers a wrong password and an unknown address with the same error', async () => {
    const { input } = await signUpMember(ctx, site);
    expect((await failure(ctx.services.accounts.login(site, input.email!, 'wrong password', sessionDevice, client))).code).toBe('login_failed');
    expect((await failure(ctx.services.accounts.login(site, 'nobody@example.com', 'whatever1', sessionDevice, client))).code).toBe('login_failed');
  });

  it('blocks the account after the site’s number of failures, for the site’s minutes', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let attempt = 1; attempt < 3; attempt++) {
      expect((await failure(ctx.services.accounts.login(site, input.email!, 'wrong', sessionDevice, client))).code).toBe('login_failed');
    }
    const blocked = await failure(ctx.services.accounts.login(site, input.email!, 'wrong', sessionDevice, client));
    expect(blocked.code).toBe('account_locked');
    expect(blocked.params).toEqual({ minutes: 15 });
    // Even the right password waits out the block.
    ctx.clock.advance(5 * 60_000);
    const stillBlocked = await failure(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, client));
    expect(stillBlocked.params).toEqual({ minutes: 10 });
    ctx.clock.advance(10 * 60_000);
    await expect(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, client)).resolves.toBeTruthy();
  });

  it('keeps the password-reset path open while blocked', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let attempt = 0; attempt < 3; attempt++) await failure(ctx.services.accounts.login(site, input.email!, 'wrong', sessionDevice, client));
    await ctx.services.passwords.requestReset(site, input.email!, requester);
    await ctx.services.passwords.reset(site, tokenFromLastMail(ctx, input.email!), 'a brand new secret', 'a brand new secret');
  });
});

describe('lockout per account and client (ADR 0019)', () => {
  const stranger = (n: number) => ({ ip: `203.0.113.${n}` });
  const fail = (email: string, from: { ip: string; deviceId?: string }) =>
    failure(ctx.services.accounts.login(site, email, 'wrong guess', sessionDevice, from));
  let nextDevice = 0;
  const device = (ip = '192.0.2.10') => ({ ip, deviceId: `device-${++nextDevice}-${Date.now()}`.padEnd(43, 'x') });

  it('locks out the guessing client only: the owner still logs in from elsewhere', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let attempt = 0; attempt < 2; attempt++) expect((await fail(input.email!, stranger(1))).code).toBe('login_failed');
    expect((await fail(input.email!, stranger(1))).code).toBe('account_locked');
    expect((await failure(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, stranger(1)))).code).toBe('account_locked');
    await expect(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, stranger(2))).resolves.toBeTruthy();
  });

  it('lets a device the account trusts in, even from the locked-out address', async () => {
    const { input } = await signUpMember(ctx, site);
    const phone = device('203.0.113.20');
    await ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, phone);
    for (let attempt = 0; attempt < 3; attempt++) await fail(input.email!, { ip: phone.ip });
    expect((await failure(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, { ip: phone.ip }))).code).toBe('account_locked');
    await expect(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, phone)).resolves.toBeTruthy();
  });

  it('answers an unknown address exactly as a known one, lockout included', async () => {
    const { input } = await signUpMember(ctx, site);
    const known: string[] = [];
    const unknown: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const a = await fail(input.email!, stranger(30));
      const b = await fail(`nobody.${input.email}`, stranger(30));
      known.push(`${a.code} ${JSON.stringify(a.params)}`);
      unknown.push(`${b.code} ${JSON.stringify(b.params)}`);
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toBe('account_locked {"minutes":15}');
  });

  it('locks out every stranger once strangers together failed ten times the limit, but not a trusted device', async () => {
    const { input } = await signUpMember(ctx, site);
    const laptop = device();
    await ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, laptop);
    for (let n = 0; n < 10; n++) for (let attempt = 0; attempt < 3; attempt++) await fail(input.email!, stranger(100 + n));
    expect((await failure(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, stranger(200)))).code).toBe('account_locked');
    await expect(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, laptop)).resolves.toBeTruthy();
    ctx.clock.advance(15 * 60_000 + 1000);
    await expect(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, stranger(200))).resolves.toBeTruthy();
  });

  it('lifts the lockouts when the owner resets the password from the mailed link', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let attempt = 0; attempt < 3; attempt++) await fail(input.email!, client);
    await ctx.services.passwords.requestReset(site, input.email!, requester);
    await ctx.services.passwords.reset(site, tokenFromLastMail(ctx, input.email!), 'a brand new secret', 'a brand new secret', client);
    await expect(ctx.services.accounts.login(site, input.email!, 'a brand new secret', sessionDevice, client)).resolves.toBeTruthy();
  });

  it('counts wrong current passwords (password change, e-mail change, deletion) into the same lockout', async () => {
    const { user, input } = await signUpMember(ctx, site);
    const from = stranger(40);
    const change = (old: string) => ctx.services.passwords.change(site, user.id, { old, new: 'a brand new secret', confirm: 'a brand new secret' }, from);
    expect((await failure(change('guess one'))).code).toBe('old_password_wrong');
    expect((await failure(ctx.services.mailChange.request(site, user.id, `new.${input.email}`, 'guess two', from))).code).toBe('current_password_wrong');
    const third = await failure(ctx.services.accountDeletion.delete(site, user.id, { reason: 'other', password: 'guess three' }, from));
    expect(third.code).toBe('account_locked');
    // Locked: not even the right password is checked, and log-in from this client waits too.
    expect((await failure(change(input.password!))).code).toBe('account_locked');
    expect((await failure(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, from))).code).toBe('account_locked');
  });
});

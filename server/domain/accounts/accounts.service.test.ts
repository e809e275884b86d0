import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { signUpMember, tokenFromLastMail, validSignup } from '../../../tests/factories/members';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import { creditLedger, type SiteRow } from '../../db/schema/index';
import { isNull } from 'drizzle-orm';
import type { AppError } from '../shared/app-error';
import type { PendingDeletionError } from './accounts.service';

let ctx: TestContext;
let site: SiteRow;
const sessionDevice = { userAgent: 'test browser' };
/** One stranger's browser without cookies, unless a test says otherwise. */
const client = { ip: '198.51.100.7' };
const requester = { client, memberId: null };

beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: 'love.test', signupCredits: 20, loginMaxAttempts: 3, loginBlockMinutes: 15 });
});
afterAll(() => ctx.close());

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a failure');
}

describe('accounts.signup', () => {
  it('creates an unconfirmed member with a hidden profile, the welcome credits and an activation mail', async () => {
    const { user, token, input } = await signUpMember(ctx, site, { network: 'partner7', sub1: 'spring' });
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(user).toMatchObject({ status: 'not_confirmed', credits: 20, paid_user: false, profile: { status: 'disabled', main_image: null } });
    expect(await createCreditsRepository(ctx.db).sumForUser(user.id)).toBe(20);
    const row = await createUsersRepository(ctx.db).findById(user.id);
    expect(row).toMatchObject({ trackingNetwork: 'partner7', trackingSub1: 'spring' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = ctx.mailer.last(input.email);
    expect(mail.subject).toContain(site.name);
    expect(ctx.mailer.linkIn(mail)).toMatch(/^https:\/\/love\.test\/api\/activate\.php\?token=/);
  });

  it.each([
    [{ name: 'Same@Example.com', email: 'same@example.com' }, 'username_equals_email'],
    [{ name: '@lover' }, 'username_starts_with_at'],
    [{ date_of_birth: '2015-01-01' }, 'date_of_birth_required'],
    [{ date_of_birth: undefined }, 'date_of_birth_required'],
    [{ date_of_birth: '1990-02-30' }, 'date_of_birth_invalid'],
    [{ email: 'not-an-address' }, 'email_invalid'],
    [{ password: 'short' }, 'password_too_short'],
    [{ password: 'password123' }, 'password_too_common'],
    [{ password: '        ' }, 'password_too_common'],
    [{ password: '\u0000'.repeat(8) }, 'password_too_common'],
    [{ password: 'aaaaaaaa' }, 'password_too_common'],
    [{ password: 'Schatzi123' }, 'password_too_common'],
    [{ gender: 'other' }, 'choice_required'],
    [{ country: 'JP' }, 'choice_required'],
    [{ accept_terms: false }, 'terms_required'],
  ])('refuses %o with %s', async (overrides, code) => {
    const error = await failure(ctx.services.accounts.signup(site, validSignup(overrides), sessionDevice, 'en'));
    expect(error.code).toBe(code);
    expect(error.fields.map((field) => field.code)).toContain(code);
  });

  it('refuses an address that already has an account here, whatever its case', async () => {
    const { input } = await signUpMember(ctx, site);
    const error = await failure(ctx.services.accounts.signup(site, validSignup({ email: input.email!.toUpperCase() }), sessionDevice, 'en'));
    expect(error.code).toBe('email_taken');
  });

  it('lets the same address sign up on another site', async () => {
    const { input } = await signUpMember(ctx, site);
    const other = await createSite(ctx.db);
    await expect(ctx.services.accounts.signup(other, validSignup({ email: input.email }), sessionDevice, 'en')).resolves.toBeTruthy();
  });

  it('suggests a correction for a misspelled mail domain', async () => {
    const error = await failure(ctx.services.accounts.validateSignup(site, { email: 'anna@gmial.com', name: '@anna' }));
    expect(error.suggestion).toBe('anna@gmail.com');
  });

  it('validates only the fields of one step', async () => {
    await expect(ctx.services.accounts.validateSignup(site, { gender: 'male', seeking: 'female' })).resolves.toBeUndefined();
  });

  it('accepts sign-ups only with a traffic source when the site says so', async () => {
    const partnerSite = await createSite(ctx.db, { signups: 'with_trafficsource' });
    expect((await failure(ctx.services.accounts.signup(partnerSite, validSignup(), sessionDevice, 'en'))).code).toBe('signups_closed');
    await expect(ctx.services.accounts.signup(partnerSite, validSignup({ ref: 'ad42' }), sessionDevice, 'en')).resolves.toBeTruthy();
  });
});

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
    await ctx.services.passwords.reset(tokenFromLastMail(ctx, input.email!), 'a brand new secret', 'a brand new secret');
  });
});

describe('activation', () => {
  it('confirms the address and shows the profile, once', async () => {
    const { user, input } = await signUpMember(ctx, site);
    const token = tokenFromLastMail(ctx, input.email!);
    await ctx.services.activation.activate(token);
    expect(await ctx.services.accounts.getUser(user.id, site)).toMatchObject({ status: 'active', profile: { status: 'active' } });
    expect((await failure(ctx.services.activation.activate(token))).code).toBe('activation_failed');
  });

  it('refuses a link older than seven days', async () => {
    const { input } = await signUpMember(ctx, site);
    const token = tokenFromLastMail(ctx, input.email!);
    ctx.clock.advance(7 * 86_400_000 + 1000);
    expect((await failure(ctx.services.activation.activate(token))).code).toBe('activation_failed');
  });
});

describe('passwords', () => {
  it('names an unknown address when asked for a reset, as the spec requires', async () => {
    expect((await failure(ctx.services.passwords.requestReset(site, 'ghost@example.com', requester))).code).toBe('email_not_found');
  });

  it('sends at most three reset mails a day', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let i = 0; i < 3; i++) await ctx.services.passwords.requestReset(site, input.email!, requester);
    expect((await failure(ctx.services.passwords.requestReset(site, input.email!, requester))).code).toBe('reset_limit_reached');
    ctx.clock.advance(86_400_000 + 1000);
    await ctx.services.passwords.requestReset(site, input.email!, requester);
  });

  it('resets with a live link, logs every device out and retires the link', async () => {
    const { input, token: session } = await signUpMember(ctx, site);
    await ctx.services.passwords.requestReset(site, input.email!, requester);
    const token = tokenFromLastMail(ctx, input.email!);
    expect((await failure(ctx.services.passwords.reset(token, 'new secret one', 'new secret two'))).code).toBe('passwords_differ');
    await ctx.services.passwords.reset(token, 'new secret one', 'new secret one');
    expect(await ctx.services.sessions.findUserId(session)).toBeNull();
    await expect(ctx.services.accounts.login(site, input.email!, 'new secret one', sessionDevice, client)).resolves.toBeTruthy();
    expect((await failure(ctx.services.passwords.reset(token, 'another secret', 'another secret'))).code).toBe('link_invalid');
  });

  it('refuses an expired reset link', async () => {
    const { input } = await signUpMember(ctx, site);
    await ctx.services.passwords.requestReset(site, input.email!, requester);
    const token = tokenFromLastMail(ctx, input.email!);
    ctx.clock.advance(2 * 3_600_000 + 1000);
    expect((await failure(ctx.services.passwords.reset(token, 'new secret one', 'new secret one'))).code).toBe('link_invalid');
  });

  it.each(['        ', '\u0000'.repeat(8), 'aaaaaaaa', 'qwertzuiop'])('refuses %j as a new password on reset and on change', async (weak) => {
    const { user, input } = await signUpMember(ctx, site);
    await ctx.services.passwords.requestReset(site, input.email!, { client: { ip: '198.51.100.88' }, memberId: null });
    const token = tokenFromLastMail(ctx, input.email!);
    const reset = await failure(ctx.services.passwords.reset(token, weak, weak, client));
    expect(reset.fields).toEqual([{ field: 'password', code: 'password_too_common' }]);
    const change = await failure(ctx.services.passwords.change(site, user.id, { old: input.password!, new: weak, confirm: weak }, client));
    expect(change.fields).toEqual([{ field: 'new_password', code: 'password_too_common' }]);
    // The link was not used up by the refusal.
    await ctx.services.passwords.reset(token, 'a sturdier secret phrase', 'a sturdier secret phrase', client);
  });

  it('refuses a new password built from the member’s own address', async () => {
    const { user, input } = await signUpMember(ctx, site);
    const own = `${input.email!.split('@')[0]}!`;
    expect((await failure(ctx.services.passwords.change(site, user.id, { old: input.password!, new: own, confirm: own }, client))).code).toBe('password_too_common');
  });

  it('changes the password only with the old one', async () => {
    const { user, input } = await signUpMember(ctx, site);
    expect((await failure(ctx.services.passwords.change(site, user.id, { old: 'not it', new: 'fresh secret!', confirm: 'fresh secret!' }, client))).code).toBe('old_password_wrong');
    await ctx.services.passwords.change(site, user.id, { old: input.password!, new: 'fresh secret!', confirm: 'fresh secret!' }, client);
    await expect(ctx.services.accounts.login(site, input.email!, 'fresh secret!', sessionDevice, client)).resolves.toBeTruthy();
  });
});

describe('mail change', () => {
  it('takes effect when the new address confirms it', async () => {
    const { user, input } = await signUpMember(ctx, site);
    const newEmail = `new.${input.email}`;
    await ctx.services.mailChange.request(site, user.id, newEmail, input.password!, client);
    expect((await ctx.services.accounts.getUser(user.id, site)).email).toBe(input.email);
    await ctx.services.mailChange.confirm(site, tokenFromLastMail(ctx, newEmail));
    expect(await ctx.services.accounts.getUser(user.id, site)).toMatchObject({ email: newEmail, status: 'active' });
  });

  it('refuses an invalid or taken address with the spec’s texts', async () => {
    const { user, input } = await signUpMember(ctx, site);
    const other = await signUpMember(ctx, site);
    expect((await failure(ctx.services.mailChange.request(site, user.id, 'nope@', input.password!, client))).code).toBe('new_email_invalid');
    expect((await failure(ctx.services.mailChange.request(site, user.id, other.input.email!, input.password!, client))).code).toBe('email_exists');
  });
});

describe('account deletion', () => {
  it('hides the account, ends its sessions and restores it from the mailed link', async () => {
    const { user, input, token } = await signUpMember(ctx, site);
    await ctx.services.accountDeletion.delete(site, user.id, { reason: 'found_partner', password: input.password! }, client);
    expect(await ctx.services.sessions.findUserId(token)).toBeNull();
    expect((await failure(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, client))).code).toBe('account_pending_deletion');
    ctx.clock.advance(13 * 86_400_000);
    await ctx.services.accountDeletion.reactivate(tokenFromLastMail(ctx, input.email!));
    await ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, client);
  });

  it('offers the restore to a log-in with the right password within 14 days, mails the link too, and signs in', async () => {
    const { user, input } = await signUpMember(ctx, site);
    await ctx.services.accountDeletion.delete(site, user.id, { reason: 'other', password: input.password! }, client);
    ctx.clock.advance(10 * 86_400_000);
    const mailsBefore = ctx.mailer.sent.length;
    const wrong = await failure(ctx.services.accounts.login(site, input.email!, 'not the password', sessionDevice, client));
    expect(wrong.code).toBe('login_failed');
    const offer = (await failure(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, client))) as PendingDeletionError;
    expect(offer.code).toBe('account_pending_deletion');
    // As today, the restore link is mailed as well.
    expect(ctx.mailer.sent.length).toBe(mailsBefore + 1);
    expect(ctx.mailer.linkIn(ctx.mailer.last(input.email))).toContain('reactivate=1');
    const session = await ctx.services.accountDeletion.restore(offer.restoreToken, 'vitest');
    expect(await ctx.services.sessions.findUserId(session)).toBe(user.id);
    expect((await ctx.services.accounts.getUser(user.id, site)).status).not.toBe('deleted');
    expect((await failure(ctx.services.accountDeletion.restore(offer.restoreToken, 'vitest'))).code).toBe('link_invalid');
  });

  it('lets the restore offer lapse after a quarter of an hour', async () => {
    const { user, input } = await signUpMember(ctx, site);
    await ctx.services.accountDeletion.delete(site, user.id, { reason: 'other', password: input.password! }, client);
    const offer = (await failure(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, client))) as PendingDeletionError;
    ctx.clock.advance(15 * 60_000 + 1000);
    expect((await failure(ctx.services.accountDeletion.restore(offer.restoreToken, 'vitest'))).code).toBe('link_invalid');
  });

  it('purges the account for good after 14 days, keeping ledger rows without the member', async () => {
    const { user, input } = await signUpMember(ctx, site);
    await ctx.services.accountDeletion.delete(site, user.id, { reason: 'privacy', password: input.password! }, client);
    const link = tokenFromLastMail(ctx, input.email!);
    ctx.clock.advance(14 * 86_400_000 + 1000);
    await ctx.services.jobRunner.runDue();
    expect(await createUsersRepository(ctx.db).findById(user.id)).toBeNull();
    const orphaned = await ctx.db.select().from(creditLedger).where(isNull(creditLedger.userId));
    expect(orphaned.some((row) => row.reason === 'signup_bonus' && row.delta === 20)).toBe(true);
    expect((await failure(ctx.services.accountDeletion.reactivate(link))).code).toBe('link_invalid');
    expect((await failure(ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, client))).code).toBe('login_failed');
  });

  it('needs the password to delete', async () => {
    const { user } = await signUpMember(ctx, site);
    expect((await failure(ctx.services.accountDeletion.delete(site, user.id, { reason: 'other', password: 'guess' }, client))).code).toBe('current_password_wrong');
  });
});

describe('lockout per account and client (ADR 0019)', () => {
  const stranger = (n: number) => ({ ip: `203.0.113.${n}` });
  const fail = (email: string, from: { ip: string; deviceId?: string }) => failure(ctx.services.accounts.login(site, email, 'wrong guess', sessionDevice, from));
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
    await ctx.services.passwords.reset(tokenFromLastMail(ctx, input.email!), 'a brand new secret', 'a brand new secret', client);
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

describe('reset flooding (ADR 0019)', () => {
  const from = (ip: string) => ({ client: { ip }, memberId: null });

  it('holds back a requester after three mails, not the owner or another requester', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let n = 0; n < 3; n++) await ctx.services.passwords.requestReset(site, input.email!, from('203.0.113.50'));
    expect((await failure(ctx.services.passwords.requestReset(site, input.email!, from('203.0.113.50')))).code).toBe('reset_limit_reached');
    await ctx.services.passwords.requestReset(site, input.email!, from('203.0.113.51'));
  });

  it('holds back strangers together after ten mails a day, but never the signed-in or recently verified owner', async () => {
    const { user, input } = await signUpMember(ctx, site, {});
    const phone = { ip: '192.0.2.77', deviceId: `owner-phone-${Date.now()}`.padEnd(43, 'p') };
    await ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, phone);
    for (let n = 0; n < 10; n++) await ctx.services.passwords.requestReset(site, input.email!, from(`203.0.113.${60 + n}`));
    expect((await failure(ctx.services.passwords.requestReset(site, input.email!, from('203.0.113.99')))).code).toBe('reset_limit_reached');
    // The owner on a device that logged in lately, and the owner signed in anywhere.
    await ctx.services.passwords.requestReset(site, input.email!, { client: phone, memberId: null });
    await ctx.services.passwords.requestReset(site, input.email!, { client: { ip: '203.0.113.99' }, memberId: user.id });
    expect(ctx.mailer.sent.filter((mail) => mail.to === input.email && ctx.mailer.linkIn(mail).includes('/reset-password/do')).length).toBe(12);
    ctx.clock.advance(86_400_000 + 1000);
    await ctx.services.passwords.requestReset(site, input.email!, from('203.0.113.99'));
  });
});


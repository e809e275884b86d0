import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { signUpMember, tokenFromLastMail, validSignup } from '../../../tests/factories/members';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import { creditLedger, type SiteRow } from '../../db/schema/index';
import { isNull } from 'drizzle-orm';
import type { AppError } from '../shared/app-error';

let ctx: TestContext;
let site: SiteRow;
const device = { userAgent: 'test browser' };

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
    [{ gender: 'other' }, 'choice_required'],
    [{ country: 'JP' }, 'choice_required'],
    [{ accept_terms: false }, 'terms_required'],
  ])('refuses %o with %s', async (overrides, code) => {
    const error = await failure(ctx.services.accounts.signup(site, validSignup(overrides), device, 'en'));
    expect(error.code).toBe(code);
    expect(error.fields.map((field) => field.code)).toContain(code);
  });

  it('refuses an address that already has an account here, whatever its case', async () => {
    const { input } = await signUpMember(ctx, site);
    const error = await failure(ctx.services.accounts.signup(site, validSignup({ email: input.email!.toUpperCase() }), device, 'en'));
    expect(error.code).toBe('email_taken');
  });

  it('lets the same address sign up on another site', async () => {
    const { input } = await signUpMember(ctx, site);
    const other = await createSite(ctx.db);
    await expect(ctx.services.accounts.signup(other, validSignup({ email: input.email }), device, 'en')).resolves.toBeTruthy();
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
    expect((await failure(ctx.services.accounts.signup(partnerSite, validSignup(), device, 'en'))).code).toBe('signups_closed');
    await expect(ctx.services.accounts.signup(partnerSite, validSignup({ ref: 'ad42' }), device, 'en')).resolves.toBeTruthy();
  });
});

describe('accounts.login', () => {
  it('logs in with the right password and starts a new session each time', async () => {
    const { input } = await signUpMember(ctx, site);
    const first = await ctx.services.accounts.login(site, input.email!, input.password!, device);
    const second = await ctx.services.accounts.login(site, input.email!, input.password!, device);
    expect(first.token).not.toBe(second.token);
    expect(await ctx.services.sessions.findUserId(second.token)).toBe(first.user.id);
  });

  it('answers a wrong password and an unknown address with the same error', async () => {
    const { input } = await signUpMember(ctx, site);
    expect((await failure(ctx.services.accounts.login(site, input.email!, 'wrong password', device))).code).toBe('login_failed');
    expect((await failure(ctx.services.accounts.login(site, 'nobody@example.com', 'whatever1', device))).code).toBe('login_failed');
  });

  it('blocks the account after the site’s number of failures, for the site’s minutes', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let attempt = 1; attempt < 3; attempt++) {
      expect((await failure(ctx.services.accounts.login(site, input.email!, 'wrong', device))).code).toBe('login_failed');
    }
    const blocked = await failure(ctx.services.accounts.login(site, input.email!, 'wrong', device));
    expect(blocked.code).toBe('account_locked');
    expect(blocked.params).toEqual({ minutes: 15 });
    // Even the right password waits out the block.
    ctx.clock.advance(5 * 60_000);
    const stillBlocked = await failure(ctx.services.accounts.login(site, input.email!, input.password!, device));
    expect(stillBlocked.params).toEqual({ minutes: 10 });
    ctx.clock.advance(10 * 60_000);
    await expect(ctx.services.accounts.login(site, input.email!, input.password!, device)).resolves.toBeTruthy();
  });

  it('keeps the password-reset path open while blocked', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let attempt = 0; attempt < 3; attempt++) await failure(ctx.services.accounts.login(site, input.email!, 'wrong', device));
    await ctx.services.passwords.requestReset(site, input.email!);
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
    expect((await failure(ctx.services.passwords.requestReset(site, 'ghost@example.com'))).code).toBe('email_not_found');
  });

  it('sends at most three reset mails a day', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let i = 0; i < 3; i++) await ctx.services.passwords.requestReset(site, input.email!);
    expect((await failure(ctx.services.passwords.requestReset(site, input.email!))).code).toBe('reset_limit_reached');
    ctx.clock.advance(86_400_000 + 1000);
    await ctx.services.passwords.requestReset(site, input.email!);
  });

  it('resets with a live link, logs every device out and retires the link', async () => {
    const { input, token: session } = await signUpMember(ctx, site);
    await ctx.services.passwords.requestReset(site, input.email!);
    const token = tokenFromLastMail(ctx, input.email!);
    expect((await failure(ctx.services.passwords.reset(token, 'new secret one', 'new secret two'))).code).toBe('passwords_differ');
    await ctx.services.passwords.reset(token, 'new secret one', 'new secret one');
    expect(await ctx.services.sessions.findUserId(session)).toBeNull();
    await expect(ctx.services.accounts.login(site, input.email!, 'new secret one', device)).resolves.toBeTruthy();
    expect((await failure(ctx.services.passwords.reset(token, 'another secret', 'another secret'))).code).toBe('link_invalid');
  });

  it('refuses an expired reset link', async () => {
    const { input } = await signUpMember(ctx, site);
    await ctx.services.passwords.requestReset(site, input.email!);
    const token = tokenFromLastMail(ctx, input.email!);
    ctx.clock.advance(2 * 3_600_000 + 1000);
    expect((await failure(ctx.services.passwords.reset(token, 'new secret one', 'new secret one'))).code).toBe('link_invalid');
  });

  it('changes the password only with the old one', async () => {
    const { user, input } = await signUpMember(ctx, site);
    expect((await failure(ctx.services.passwords.change(user.id, 'not it', 'fresh secret!', 'fresh secret!'))).code).toBe('old_password_wrong');
    await ctx.services.passwords.change(user.id, input.password!, 'fresh secret!', 'fresh secret!');
    await expect(ctx.services.accounts.login(site, input.email!, 'fresh secret!', device)).resolves.toBeTruthy();
  });
});

describe('mail change', () => {
  it('takes effect when the new address confirms it', async () => {
    const { user, input } = await signUpMember(ctx, site);
    const newEmail = `new.${input.email}`;
    await ctx.services.mailChange.request(site, user.id, newEmail, input.password!);
    expect((await ctx.services.accounts.getUser(user.id, site)).email).toBe(input.email);
    await ctx.services.mailChange.confirm(site, tokenFromLastMail(ctx, newEmail));
    expect(await ctx.services.accounts.getUser(user.id, site)).toMatchObject({ email: newEmail, status: 'active' });
  });

  it('refuses an invalid or taken address with the spec’s texts', async () => {
    const { user, input } = await signUpMember(ctx, site);
    const other = await signUpMember(ctx, site);
    expect((await failure(ctx.services.mailChange.request(site, user.id, 'nope@', input.password!))).code).toBe('new_email_invalid');
    expect((await failure(ctx.services.mailChange.request(site, user.id, other.input.email!, input.password!))).code).toBe('email_exists');
  });
});

describe('account deletion', () => {
  it('hides the account, ends its sessions and restores it from the mailed link', async () => {
    const { user, input, token } = await signUpMember(ctx, site);
    await ctx.services.accountDeletion.delete(site, user.id, { reason: 'found_partner', password: input.password! });
    expect(await ctx.services.sessions.findUserId(token)).toBeNull();
    expect((await failure(ctx.services.accounts.login(site, input.email!, input.password!, device))).code).toBe('account_pending_deletion');
    ctx.clock.advance(13 * 86_400_000);
    await ctx.services.accountDeletion.reactivate(tokenFromLastMail(ctx, input.email!));
    await expect(ctx.services.accounts.login(site, input.email!, input.password!, device)).resolves.toBeTruthy();
  });

  it('purges the account for good after 14 days, keeping ledger rows without the member', async () => {
    const { user, input } = await signUpMember(ctx, site);
    await ctx.services.accountDeletion.delete(site, user.id, { reason: 'privacy', password: input.password! });
    const link = tokenFromLastMail(ctx, input.email!);
    ctx.clock.advance(14 * 86_400_000 + 1000);
    await ctx.services.jobRunner.runDue();
    expect(await createUsersRepository(ctx.db).findById(user.id)).toBeNull();
    const orphaned = await ctx.db.select().from(creditLedger).where(isNull(creditLedger.userId));
    expect(orphaned.some((row) => row.reason === 'signup_bonus' && row.delta === 20)).toBe(true);
    expect((await failure(ctx.services.accountDeletion.reactivate(link))).code).toBe('link_invalid');
    expect((await failure(ctx.services.accounts.login(site, input.email!, input.password!, device))).code).toBe('login_failed');
  });

  it('needs the password to delete', async () => {
    const { user } = await signUpMember(ctx, site);
    expect((await failure(ctx.services.accountDeletion.delete(site, user.id, { reason: 'other', password: 'guess' }))).code).toBe('old_password_wrong');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember, tokenFromLastMail, validSignup } from '../../../tests/factories/members';
import { failure } from '../../../tests/setup/failure';
import { createSite } from '../../../tests/factories/sites';
import type { TestContext } from '../../../tests/setup/test-services';
import { client, openAccountsSite, sessionDevice } from './accounts-test-site';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import { creditLedger, jobs, users, type SiteRow } from '../../db/schema/index';
import { eq, isNull, sql } from 'drizzle-orm';
import type { AppError } from '../shared/app-error';
import type { PendingDeletionError } from './accounts.service';
import { ADDRESS_ANSWERS_PER_CLIENT_PER_DAY, ADDRESS_CHECKS_PER_ADDRESS_PER_DAY } from './address-answer-limits';

/** An account from sign-up to deletion: signing up, confirming the address, deleting, restoring and the purge. */

let ctx: TestContext;
let site: SiteRow;

beforeAll(async () => {
  ({ ctx, site } = await openAccountsSite());
});
afterAll(() => ctx.close());

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
    [{ email: 'attacker,victim@example.org' }, 'email_invalid'],
    [{ email: 'Anna <anna@example.org>' }, 'email_invalid'],
    [{ email: 'anna@example.org\r\nBcc: all@example.org' }, 'email_invalid'],
    [{ email: `${'a'.repeat(65)}@example.org` }, 'email_invalid'],
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

  it('answers whether an address is taken at most ten times a day per client, the same for a taken and a free address', async () => {
    const prober = { ip: '198.51.100.201' };
    const { input } = await signUpMember(ctx, site);
    const answers = [];
    for (let n = 0; n < ADDRESS_ANSWERS_PER_CLIENT_PER_DAY; n++) {
      answers.push(
        await ctx.services.accounts.validateSignup(site, { email: `probe${n}.${input.email}` }, prober).then(
          () => 'free',
          (error: AppError) => error.code,
        ),
      );
    }
    expect(answers).toEqual(Array(ADDRESS_ANSWERS_PER_CLIENT_PER_DAY).fill('free'));
    // Day used up: a taken and a free address, checked or signed up, get the same refusal.
    expect((await failure(ctx.services.accounts.validateSignup(site, { email: input.email }, prober))).code).toBe('rate_limited');
    expect((await failure(ctx.services.accounts.validateSignup(site, { email: 'free.address@example.com' }, prober))).code).toBe('rate_limited');
    expect((await failure(ctx.services.accounts.signup(site, validSignup({ email: input.email }), sessionDevice, 'en', prober))).code).toBe('rate_limited');
    expect((await failure(ctx.services.accounts.signup(site, validSignup(), sessionDevice, 'en', prober))).code).toBe('rate_limited');
    // Another client is not held back, and the next day the prober may ask again.
    expect((await failure(ctx.services.accounts.validateSignup(site, { email: input.email }, { ip: '198.51.100.202' }))).code).toBe('email_taken');
    ctx.clock.advance(86_400_000 + 1000);
    expect((await failure(ctx.services.accounts.validateSignup(site, { email: input.email }, prober))).code).toBe('email_taken');
  });

  it('counts sign-ups answered "already owns an account" into the client’s day, not sign-ups that create one', async () => {
    const prober = { ip: '198.51.100.203' };
    const { input } = await signUpMember(ctx, site);
    await ctx.services.accounts.signup(site, validSignup(), sessionDevice, 'en', prober);
    for (let n = 0; n < ADDRESS_ANSWERS_PER_CLIENT_PER_DAY; n++) {
      expect((await failure(ctx.services.accounts.signup(site, validSignup({ email: input.email }), sessionDevice, 'en', prober))).code).toBe('email_taken');
    }
    expect((await failure(ctx.services.accounts.signup(site, validSignup({ email: input.email }), sessionDevice, 'en', prober))).code).toBe('rate_limited');
  });

  it('answers silent checks of one address at most five times a day, from all clients together', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let n = 0; n < ADDRESS_CHECKS_PER_ADDRESS_PER_DAY; n++) {
      expect((await failure(ctx.services.accounts.validateSignup(site, { email: input.email }, { ip: `203.0.113.${n + 1}` }))).code).toBe('email_taken');
    }
    expect((await failure(ctx.services.accounts.validateSignup(site, { email: input.email }, { ip: '203.0.113.99' }))).code).toBe('rate_limited');
  });

  it('lets the same address sign up on another site', async () => {
    const { input } = await signUpMember(ctx, site);
    const other = await createSite(ctx.db);
    await expect(ctx.services.accounts.signup(other, validSignup({ email: input.email }), sessionDevice, 'en')).resolves.toBeTruthy();
  });

  it('suggests a correction for a misspelled mail domain', async () => {
    const error = await failure(ctx.services.accounts.validateSignup(site, { email: 'anna@gmial.com', name: '@anna' }, client));
    expect(error.suggestion).toBe('anna@gmail.com');
  });

  it('validates only the fields of one step', async () => {
    await expect(ctx.services.accounts.validateSignup(site, { gender: 'male', seeking: 'female' }, client)).resolves.toBeUndefined();
  });

  it('accepts sign-ups only with a traffic source when the site says so', async () => {
    const partnerSite = await createSite(ctx.db, { signups: 'with_trafficsource' });
    expect((await failure(ctx.services.accounts.signup(partnerSite, validSignup(), sessionDevice, 'en'))).code).toBe('signups_closed');
    await expect(ctx.services.accounts.signup(partnerSite, validSignup({ ref: 'ad42' }), sessionDevice, 'en')).resolves.toBeTruthy();
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

describe('account deletion', () => {
  it('commits all its writes or none: a reason the database refuses leaves the account as it was', async () => {
    const { user, input, token } = await signUpMember(ctx, site);
    // PostgreSQL refuses a NUL in text: the last write of the deletion fails.
    await expect(
      ctx.services.accountDeletion.delete(site, user.id, { reason: 'other', details: 'nul \u0000 byte', password: input.password! }, client),
    ).rejects.toThrow();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.status).not.toBe('deleted');
    expect(row.deletedAt).toBeNull();
    expect(await ctx.services.sessions.findUserId(token)).toBe(user.id);
    expect(
      await ctx.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'purge_account' and ${jobs.payload}->>'userId' = ${String(user.id)}`),
    ).toHaveLength(0);
  });

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
    expect((await failure(ctx.services.accountDeletion.delete(site, user.id, { reason: 'other', password: 'guess' }, client))).code).toBe(
      'current_password_wrong',
    );
  });
});

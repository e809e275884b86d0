import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { SYSTEM_ACTOR } from '../audit/audit.service';
import { currentTotp } from './second-factor';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Invitation links point at the default site's configured address.
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

let counter = 0;
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const client = { ip: '203.0.113.5', userAgent: 'test' };

/** Invites, enrols and returns a working staff member with their TOTP secret and recovery codes. */
async function enrolled(role: 'owner' | 'admin' | 'moderator' | 'support' | 'host' = 'admin') {
  counter += 1;
  const email = `staff${counter}@ops.example`;
  const { url } = await ctx.services.staffEnrolment.invite(SYSTEM_ACTOR, { email, role });
  const token = tokenOf(url);
  const { secret } = await ctx.services.staffEnrolment.start(token, { name: `Staff ${counter}`, password: 'a long console passphrase' });
  const { member, recoveryCodes } = await ctx.services.staffEnrolment.confirm(token, currentTotp(secret, ctx.clock.now()), null);
  // A later code for the sign-ins of the test: the enrolment's step is used up.
  ctx.clock.advance(30_000);
  return { member, secret, recoveryCodes, email, password: 'a long console passphrase' };
}

describe('staff enrolment', () => {
  it('activates an invited address only after a password and a first valid code, and mails the one-time link', async () => {
    const { url, member } = await ctx.services.staffEnrolment.invite(SYSTEM_ACTOR, { email: 'Newcomer@Ops.example', role: 'moderator' });
    expect(member.status).toBe('invited');
    expect(ctx.mailer.last('Newcomer@Ops.example').text).toContain(url);
    expect(url).toMatch(/^http:\/\/localhost:3000\/admin\/enrol\?token=[\w-]+$/);
    const token = tokenOf(url);
    expect(await ctx.services.staffEnrolment.readInvitation(token)).toEqual({ email: 'Newcomer@Ops.example', role: 'moderator', name: '' });

    expect((await failure(ctx.services.staffEnrolment.start(token, { name: 'Nia', password: 'password' }))).code).toBe('password_too_common');
    const { secret, qrSvg, uri } = await ctx.services.staffEnrolment.start(token, { name: 'Nia', password: 'moderating since 2019' });
    expect(qrSvg).toMatch(/^<svg/);
    expect(uri).toContain(`secret=${secret}`);
    expect((await failure(ctx.services.staffEnrolment.confirm(token, '000000', null))).code).toBe('second_factor_invalid');
    const { member: active, recoveryCodes } = await ctx.services.staffEnrolment.confirm(token, currentTotp(secret, ctx.clock.now()), null);
    expect(active).toMatchObject({ status: 'active', name: 'Nia', role: 'moderator' });
    expect(recoveryCodes).toHaveLength(10);
    // The link worked once.
    expect((await failure(ctx.services.staffEnrolment.readInvitation(token))).code).toBe('link_invalid');
  });

  it('refuses to invite an address that already has an active account', async () => {
    const { email } = await enrolled();
    expect((await failure(ctx.services.staffEnrolment.invite(SYSTEM_ACTOR, { email: email.toUpperCase(), role: 'host' }))).code).toBe('email_exists');
  });
});

describe('staff sign-in', () => {
  it('needs the password, then a code; a code works once, a recovery code once', async () => {
    const { member, secret, recoveryCodes, email, password } = await enrolled();
    expect((await failure(ctx.services.staffSignIn.signIn(email, 'wrong password', client))).code).toBe('login_failed');
    const token = await ctx.services.staffSignIn.signIn(email, password, client);
    expect(await ctx.services.staffSignIn.findSession(token)).toMatchObject({ verified: false });

    const code = currentTotp(secret, ctx.clock.now());
    await ctx.services.staffSignIn.verifySecondFactor(token, code, client);
    expect(await ctx.services.staffSignIn.findSession(token)).toMatchObject({ verified: true, member: { id: member.id } });

    // The same code again, seen over a shoulder: refused.
    const second = await ctx.services.staffSignIn.signIn(email, password, client);
    expect((await failure(ctx.services.staffSignIn.verifySecondFactor(second, code, client))).code).toBe('second_factor_invalid');
    await ctx.services.staffSignIn.verifySecondFactor(second, recoveryCodes[0].toLowerCase(), client);
    const third = await ctx.services.staffSignIn.signIn(email, password, client);
    expect((await failure(ctx.services.staffSignIn.verifySecondFactor(third, recoveryCodes[0], client))).code).toBe('second_factor_invalid');
  });

  it('locks a client out after five wrong passwords or codes, with the spec’s minutes', async () => {
    const { email, password, secret } = await enrolled();
    for (let attempt = 0; attempt < 4; attempt++) await failure(ctx.services.staffSignIn.signIn(email, 'nope', client));
    const token = await ctx.services.staffSignIn.signIn(email, password, client);
    const locked = await failure(ctx.services.staffSignIn.verifySecondFactor(token, '123456', client));
    expect(locked.code).toBe('account_locked');
    expect(locked.params).toEqual({ minutes: 15 });
    expect((await failure(ctx.services.staffSignIn.signIn(email, password, client))).code).toBe('account_locked');
    ctx.clock.advance(15 * 60_000);
    const later = await ctx.services.staffSignIn.signIn(email, password, client);
    await ctx.services.staffSignIn.verifySecondFactor(later, currentTotp(secret, ctx.clock.now()), client);
  });

  it('does not let a stranger’s guesses lock the owner out of their own device', async () => {
    const { email, password, secret } = await enrolled();
    const owner = { ip: '192.0.2.1', deviceId: 'owner-device-'.padEnd(43, 'x') };
    const first = await ctx.services.staffSignIn.signIn(email, password, owner);
    await ctx.services.staffSignIn.verifySecondFactor(first, currentTotp(secret, ctx.clock.now()), owner);
    for (let attempt = 0; attempt < 8; attempt++) await failure(ctx.services.staffSignIn.signIn(email, 'guess', { ip: '198.51.100.66' }));
    expect((await failure(ctx.services.staffSignIn.signIn(email, password, { ip: '198.51.100.66' }))).code).toBe('account_locked');
    ctx.clock.advance(30_000);
    const again = await ctx.services.staffSignIn.signIn(email, password, owner);
    await ctx.services.staffSignIn.verifySecondFactor(again, currentTotp(secret, ctx.clock.now()), owner);
  });

  it('answers an unknown, invited or disabled address exactly like a wrong password', async () => {
    await ctx.services.staffEnrolment.invite(SYSTEM_ACTOR, { email: 'pending@ops.example', role: 'host' });
    for (const email of ['nobody@ops.example', 'pending@ops.example']) {
      expect((await failure(ctx.services.staffSignIn.signIn(email, 'whatever it is', client))).code).toBe('login_failed');
    }
  });
});

describe('managing staff', () => {
  it('audits every change in its transaction, and refuses an edit made from an older version', async () => {
    const owner = await enrolled('owner');
    const actor = { id: owner.member.id, email: owner.email, role: 'owner' as const, ip: '198.51.100.1' };
    const { member } = await enrolled('support');
    const changed = await ctx.services.staffAdmin.update(actor, member.id, { version: member.version, refundLimitCredits: 200 });
    expect(changed.refundLimitCredits).toBe(200);
    expect((await failure(ctx.services.staffAdmin.update(actor, member.id, { version: member.version, role: 'admin' }))).code).toBe('version_conflict');

    const [entry] = await ctx.services.audit.page({ targetType: 'staff', targetId: String(member.id), action: 'staff.update' });
    expect(entry).toMatchObject({
      staffId: owner.member.id,
      role: 'owner',
      ip: '198.51.100.1',
      diff: { before: { refund_limit_credits: 0 }, after: { refund_limit_credits: 200 } },
    });
    // Nothing can rewrite the log, not even the app.
    const refusal = (error: Error & { cause?: Error }) => error.cause?.message ?? error.message;
    for (const statement of [
      sql`update audit_log set action = 'x' where id = ${entry.id}`,
      sql`delete from audit_log where id = ${entry.id}`,
      sql`truncate audit_log`,
    ]) {
      expect(await ctx.db.execute(statement).then(() => 'written', refusal)).toMatch(/append-only/);
    }
  });

  it('keeps the last owner, and ends the sessions of a disabled account at once', async () => {
    const { member: soleOwnerCheck } = await enrolled('owner');
    const owners = (await ctx.services.staffAdmin.list()).filter((row) => row.role === 'owner' && row.status === 'active');
    // Demote every owner but one, then try the last.
    for (const row of owners.slice(0, -1)) await ctx.services.staffAdmin.update(SYSTEM_ACTOR, row.id, { version: row.version, role: 'admin' });
    const last = (await ctx.services.staffAdmin.list()).find((row) => row.role === 'owner' && row.status === 'active')!;
    expect((await failure(ctx.services.staffAdmin.update(SYSTEM_ACTOR, last.id, { version: last.version, status: 'disabled' }))).code).toBe('last_owner');
    expect(soleOwnerCheck).toBeTruthy();

    const { member, email, password, secret } = await enrolled('host');
    const token = await ctx.services.staffSignIn.signIn(email, password, client);
    await ctx.services.staffSignIn.verifySecondFactor(token, currentTotp(secret, ctx.clock.now()), client);
    await ctx.services.staffAdmin.update(SYSTEM_ACTOR, member.id, { version: member.version, status: 'disabled' });
    expect(await ctx.services.staffSignIn.findSession(token)).toBeNull();
  });
});

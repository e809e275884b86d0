import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { enrolStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { StaffActor } from '../audit/audit.service';
import { currentTotp } from './second-factor';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let owner: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext();
  // Invitation links point at the default site's configured address.
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  const { member } = await enrolStaffMember(ctx, 'owner');
  owner = { id: member.id, email: member.email, role: 'owner', ip: '198.51.100.1' };
});
afterAll(() => ctx.close());

const client = { ip: '203.0.113.9', userAgent: 'test' };
const auditOf = (action: string, targetId: number) => ctx.services.audit.page({ action, targetType: 'staff', targetId: String(targetId) });

describe('an owner resets a staff member’s second factor', () => {
  it('ends their sessions, forgets the secret and the recovery codes, and audits it', async () => {
    const host = await enrolStaffMember(ctx, 'host');
    const token = await ctx.services.staffSignIn.signIn(host.email, host.password, client);
    await ctx.services.staffSignIn.verifySecondFactor(token, currentTotp(host.secret, ctx.clock.now()), client);

    const reset = await ctx.services.staffTwoFactor.reset(owner, host.member.id, host.member.version);
    expect(reset).toMatchObject({ totpSecret: null, totpConfirmedAt: null, recoveryCodeHashes: [], status: 'active', passwordHash: host.member.passwordHash });
    expect(await ctx.services.staffSignIn.findSession(token)).toBeNull();
    const [entry] = await auditOf('staff.two_factor_reset', host.member.id);
    expect(entry).toMatchObject({
      staffId: owner.id,
      ip: '198.51.100.1',
      diff: { before: { two_factor: true, recovery_codes_left: 10 }, after: { two_factor: false, recovery_codes_left: 0 } },
    });
    expect(JSON.stringify(entry.diff)).not.toContain(host.secret);
  });

  it('refuses a stale version, an unknown account and one still invited', async () => {
    const host = await enrolStaffMember(ctx, 'host');
    await ctx.services.staffAdmin.update(owner, host.member.id, { version: host.member.version, refundLimitCredits: 5 });
    expect((await failure(ctx.services.staffTwoFactor.reset(owner, host.member.id, host.member.version))).code).toBe('version_conflict');
    expect((await failure(ctx.services.staffTwoFactor.reset(owner, 999_999, 1))).code).toBe('not_found');
    const { member: invited } = await ctx.services.staffEnrolment.invite(owner, { email: `invited.${Date.now()}@ops.example`, role: 'host' });
    expect((await failure(ctx.services.staffTwoFactor.reset(owner, invited.id, invited.version))).code).toBe('staff_not_enrolled');
  });
});

describe('setting up the second factor again at the next sign-in', () => {
  it('asks for a new app after the password, and its first code opens the console with new recovery codes', async () => {
    const host = await enrolStaffMember(ctx, 'host');
    await ctx.services.staffTwoFactor.reset(owner, host.member.id, host.member.version);
    const token = await ctx.services.staffSignIn.signIn(host.email, host.password, client);
    expect(await ctx.services.staffSignIn.findSession(token)).toMatchObject({ verified: false, member: { totpConfirmedAt: null } });
    // The old app's code and an old recovery code open nothing.
    ctx.clock.advance(30_000);
    expect((await failure(ctx.services.staffSignIn.verifySecondFactor(token, currentTotp(host.secret, ctx.clock.now()), client))).code).toBe(
      'second_factor_invalid',
    );
    expect((await failure(ctx.services.staffSignIn.verifySecondFactor(token, host.recoveryCodes[1], client))).code).toBe('second_factor_invalid');

    const { secret, uri } = await ctx.services.staffTwoFactor.begin(token);
    expect(secret).not.toBe(host.secret);
    expect(uri).toContain(`secret=${secret}`);
    expect((await failure(ctx.services.staffTwoFactor.confirm(token, '000000', client))).code).toBe('second_factor_invalid');
    const { member, recoveryCodes } = await ctx.services.staffTwoFactor.confirm(token, currentTotp(secret, ctx.clock.now()), client);
    expect(recoveryCodes).toHaveLength(10);
    expect(member.totpConfirmedAt).not.toBeNull();
    expect(await ctx.services.staffSignIn.findSession(token)).toMatchObject({ verified: true });
    // Set up once: a second attempt with the same session is refused.
    expect((await failure(ctx.services.staffTwoFactor.begin(token))).code).toBe('second_factor_set');
    const [enrolment] = await auditOf('staff.two_factor_enrol', host.member.id);
    expect(enrolment).toMatchObject({ staffId: host.member.id, ip: client.ip, diff: { after: { two_factor: true } } });
  });

  it('cannot set up a new app for an account whose second factor is in place', async () => {
    const host = await enrolStaffMember(ctx, 'host');
    const token = await ctx.services.staffSignIn.signIn(host.email, host.password, client);
    expect((await failure(ctx.services.staffTwoFactor.begin(token))).code).toBe('second_factor_set');
    expect((await failure(ctx.services.staffTwoFactor.begin('no-such-session-token'))).code).toBe('staff_authentication_required');
  });
});

describe('console sign-ins in the audit log', () => {
  it('records each sign-in and each failure with the address it came from, never a password or code', async () => {
    const support = await enrolStaffMember(ctx, 'support');
    await failure(ctx.services.staffSignIn.signIn(support.email, 'my wrong passphrase', client));
    const token = await ctx.services.staffSignIn.signIn(support.email, support.password, client);
    await failure(ctx.services.staffSignIn.verifySecondFactor(token, '123456', client));
    await ctx.services.staffSignIn.verifySecondFactor(token, support.recoveryCodes[0], client);

    const failed = await auditOf('staff.sign_in_failed', support.member.id);
    expect(failed.map((row) => row.diff.after)).toEqual([{ reason: 'wrong_code' }, { reason: 'wrong_password' }]);
    expect(failed.every((row) => row.ip === client.ip && row.staffEmail === support.email)).toBe(true);
    const [signedIn] = await auditOf('staff.sign_in', support.member.id);
    expect(signedIn).toMatchObject({ staffId: support.member.id, role: 'support', ip: client.ip, diff: { after: { method: 'recovery_code' } } });
    const written = JSON.stringify([...failed, signedIn]);
    for (const secret of ['my wrong passphrase', support.password, '123456', support.recoveryCodes[0], support.secret]) expect(written).not.toContain(secret);
  });

  it('records a failure for an address no staff member has, keeping typed text that is not an address out', async () => {
    const stranger = { ip: '192.0.2.44' };
    await failure(ctx.services.staffSignIn.signIn('nobody.here@ops.example', 'guess', stranger));
    await failure(ctx.services.staffSignIn.signIn('hunter2 my password', 'guess', stranger));
    const rows = (await ctx.services.audit.page({ action: 'staff.sign_in_failed' })).filter((row) => row.ip === stranger.ip);
    expect(rows.map((row) => [row.staffEmail, row.role, row.staffId, row.diff.after])).toEqual([
      ['(not an address)', 'anonymous', null, { reason: 'unknown_address' }],
      ['nobody.here@ops.example', 'anonymous', null, { reason: 'unknown_address' }],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember, enrolStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { currentTotp } from '../../../domain/staff/second-factor';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  owner = await createStaffMember(ctx, 'owner');
});
afterAll(() => ctx.close());

const staffCookieOf = (response: { cookies: { name: string; value: string }[] }) => ({
  rdv_staff: response.cookies.find((cookie) => cookie.name === 'rdv_staff')!.value,
});
const resetOf = (id: number, payload: unknown, cookies: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/staff/${id}/two-factor-reset`, cookies, payload: payload as object });

describe('resetting a second factor over HTTP', () => {
  it('is for owners only', async () => {
    const host = await enrolStaffMember(ctx, 'host');
    for (const role of ['admin', 'moderator', 'support', 'host'] as const) {
      const { cookies } = await createStaffMember(ctx, role);
      const refused = await resetOf(host.member.id, { version: host.member.version }, cookies);
      expect([refused.statusCode, refused.json().error]).toEqual([403, 'staff_forbidden']);
    }
    expect((await resetOf(host.member.id, { version: host.member.version }, {})).statusCode).toBe(401);
  });

  it('says clearly what is missing or out of date', async () => {
    const host = await enrolStaffMember(ctx, 'host');
    const missing = await resetOf(host.member.id, {}, owner.cookies);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([{ field: 'body.version', label: 'Version', problem: 'Version: Please fill in this field.' }]);
    const stale = await resetOf(host.member.id, { version: host.member.version + 5 }, owner.cookies);
    expect([stale.statusCode, stale.json().message]).toEqual([409, 'Someone else changed this in the meantime. Reload to see their change, then try again.']);
  });

  it('makes the staff member set up a new app at the next sign-in, and shows new recovery codes once', async () => {
    const host = await enrolStaffMember(ctx, 'host');
    const reset = await resetOf(host.member.id, { version: host.member.version }, owner.cookies);
    expect(reset.json()).toMatchObject({ two_factor: false, recovery_codes_left: 0, status: 'active' });

    const password = await ctx.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: host.email, password: host.password } });
    expect(password.json()).toEqual({ step: 'enrol_second_factor', staff: null });
    const cookies = staffCookieOf(password);
    expect((await ctx.app.inject({ url: '/api/admin/session', cookies })).json()).toEqual({ step: 'enrol_second_factor', staff: null });
    // Nothing of the console opens before the new app is proven.
    expect((await ctx.app.inject({ url: '/api/admin/fictional-profiles', cookies })).statusCode).toBe(401);

    const begun = await ctx.app.inject({ method: 'POST', url: '/api/admin/session/two-factor', cookies });
    expect(begun.statusCode).toBe(200);
    const { secret, qr_svg } = begun.json();
    expect(qr_svg).toMatch(/^<svg/);
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/admin/session/two-factor/confirm', cookies, payload: { code: '000000' } });
    expect([wrong.statusCode, wrong.json().fields]).toEqual([400, [expect.objectContaining({ field: 'code', code: 'second_factor_invalid' })]]);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/session/two-factor/confirm',
      cookies,
      payload: { code: currentTotp(secret, ctx.clock.now()) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ staff: { two_factor: true, recovery_codes_left: 10 } });
    expect(confirmed.json().recovery_codes).toHaveLength(10);
    expect((await ctx.app.inject({ url: '/api/admin/session', cookies })).json()).toMatchObject({ step: 'signed_in' });
    expect((await ctx.app.inject({ url: '/api/admin/inbox', cookies })).statusCode).toBe(200);
  });

  it('refuses to set up an app without a session', async () => {
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/admin/session/two-factor' });
    expect([refused.statusCode, refused.json().error]).toEqual([401, 'staff_authentication_required']);
  });
});

describe('console sign-ins in the audit log over HTTP', () => {
  it('names the client’s address for a failed password and for a sign-in', async () => {
    const support = await enrolStaffMember(ctx, 'support');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: support.email, password: 'not the passphrase' },
      remoteAddress: '203.0.113.77',
    });
    const password = await ctx.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: support.email, password: support.password } });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/session/second-factor',
      cookies: staffCookieOf(password),
      payload: { code: currentTotp(support.secret, ctx.clock.now()) },
    });
    const log = await ctx.app.inject({ url: `/api/admin/audit?target_type=staff&target_id=${support.member.id}`, cookies: owner.cookies });
    const actions = (log.json().entries as { action: string; ip: string }[]).map((entry) => [entry.action, entry.ip]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['staff.sign_in_failed', '203.0.113.77'],
        ['staff.sign_in', '127.0.0.1'],
      ]),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
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

/** The staff cookie as a browser keeps it: one per path, both the same token. */
function staffCookieOf(response: { cookies: { name: string; value: string; path?: string }[] }) {
  const cookies = response.cookies.filter((cookie) => cookie.name === 'rdv_staff');
  expect(cookies.map((cookie) => cookie.path).sort()).toEqual(['/admin', '/admin.data', '/api/admin']);
  return { rdv_staff: cookies[0].value };
}

describe('console sign-in over HTTP', () => {
  it('invites, enrols with a first code, shows recovery codes once, and signs in with password and code', async () => {
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      cookies: owner.cookies,
      payload: { email: 'mod@ops.example', role: 'moderator' },
    });
    expect(invited.statusCode).toBe(201);
    const token = new URL(invited.json().invitation_url).searchParams.get('token')!;
    expect((await ctx.app.inject({ url: `/api/admin/invitation?token=${token}` })).json()).toEqual({ email: 'mod@ops.example', role: 'moderator', name: '' });

    const started = await ctx.app.inject({ method: 'POST', url: '/api/admin/invitation', payload: { token, name: 'Mo', password: 'moderating since 2019' } });
    expect(started.statusCode).toBe(200);
    const { secret, qr_svg } = started.json();
    expect(qr_svg).toMatch(/^<svg/);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/invitation/confirm',
      payload: { token, code: currentTotp(secret, ctx.clock.now()) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recovery_codes).toHaveLength(10);
    const enrolledCookie = staffCookieOf(confirmed);
    expect((await ctx.app.inject({ url: '/api/admin/session', cookies: enrolledCookie })).json()).toMatchObject({
      step: 'signed_in',
      staff: { email: 'mod@ops.example', role: 'moderator', two_factor: true },
    });

    ctx.clock.advance(30_000);
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: 'MOD@ops.example', password: 'moderating since 2019' },
    });
    expect(password.json()).toEqual({ step: 'second_factor', staff: null });
    const halfway = staffCookieOf(password);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/admin/session/second-factor', cookies: halfway, payload: { code: '000000' } })).json().error,
    ).toBe('second_factor_invalid');
    const code = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/session/second-factor',
      cookies: halfway,
      payload: { code: currentTotp(secret, ctx.clock.now()) },
    });
    expect(code.json()).toMatchObject({ step: 'signed_in', staff: { email: 'mod@ops.example' } });

    const out = await ctx.app.inject({ method: 'DELETE', url: '/api/admin/session', cookies: halfway });
    expect(out.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/admin/session', cookies: halfway })).statusCode).toBe(401);
  });

  it('refuses a cross-site sign-in form', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: 'a@b.example', password: 'x' },
    });
    expect(response.json().error).toBe('csrf_failed');
  });
});

describe('managing staff over HTTP', () => {
  it('changes a role with the version it was loaded at, 409 for a stale one, and lists the change in the audit log and its CSV', async () => {
    const support = await createStaffMember(ctx, 'support');
    const listed = (await ctx.app.inject({ url: '/api/admin/staff', cookies: owner.cookies }))
      .json()
      .staff.find((row: { id: number }) => row.id === support.member.id);
    expect(listed).toMatchObject({ role: 'support', version: 1, two_factor: true });
    expect(listed).not.toHaveProperty('password_hash');

    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${support.member.id}`,
      cookies: owner.cookies,
      payload: { version: 1, refund_limit_credits: 500 },
    });
    expect(changed.json()).toMatchObject({ refund_limit_credits: 500, version: 2 });
    const stale = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${support.member.id}`,
      cookies: owner.cookies,
      payload: { version: 1, role: 'admin' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'version_conflict',
      message: 'Someone else changed this in the meantime. Reload to see their change, then try again.',
    });

    const audit = (await ctx.app.inject({ url: `/api/admin/audit?target_type=staff&target_id=${support.member.id}`, cookies: owner.cookies })).json();
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'staff.update',
        staff_email: owner.member.email,
        role: 'owner',
        before: { refund_limit_credits: 0 },
        after: { refund_limit_credits: 500 },
      }),
    ]);
    const csv = await ctx.app.inject({ url: '/api/admin/audit.csv?action=staff', cookies: owner.cookies });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,staff_id,staff_email,role,action,target_type,target_id,before,after,ip');
    expect(lines.some((line) => line.includes('staff.update') && line.includes('"{""refund_limit_credits"":500}"'))).toBe(true);
  });

  it('answers a malformed change with a 400 and changes nothing', async () => {
    const host = await createStaffMember(ctx, 'host');
    for (const payload of [{ version: 1, role: 'emperor' }, { role: 'admin' }, { version: 1, refund_limit_credits: -5 }]) {
      expect((await ctx.app.inject({ method: 'PATCH', url: `/api/admin/staff/${host.member.id}`, cookies: owner.cookies, payload })).statusCode).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'PATCH', url: '/api/admin/staff/2147483647', cookies: owner.cookies, payload: { version: 1 } })).statusCode).toBe(
      404,
    );
  });

  it('invites only a well-formed address', async () => {
    for (const email of ['attacker,victim@example.org', 'Mo <mo@ops.example>', 'mo@ops', '"mo"@ops.example']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/admin/staff', cookies: owner.cookies, payload: { email, role: 'moderator' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([
        { field: 'body.email', label: 'E-mail address', problem: 'E-mail address: Enter a valid e-mail address, e.g. name@example.com.' },
      ]);
    }
  });
});

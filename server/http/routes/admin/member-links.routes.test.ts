import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSignup } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';

let ctx: TestContext;
let moderator: Awaited<ReturnType<typeof createStaffMember>>;
let host: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  moderator = await createStaffMember(ctx, 'moderator');
  host = await createStaffMember(ctx, 'host');
});
afterAll(() => ctx.close());

const get = (url: string, cookies = moderator.cookies) => ctx.app.inject({ url, cookies });

/** Signs up over HTTP from an address, as a browser would; answers the member's id and the response. */
async function signUpFrom(remoteAddress: string, email: string) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', payload: validSignup({ email }), remoteAddress });
  expect(response.statusCode).toBe(201);
  return { id: response.json().user.id as number, response };
}

describe('linked accounts and the search by trace over HTTP (issue 32)', () => {
  let first: number;
  let second: number;
  beforeAll(async () => {
    const signed = await signUpFrom('192.0.2.50', 'first@shared-ip.example');
    first = signed.id;
    second = (await signUpFrom('192.0.2.50', 'second@shared-ip.example')).id;
    // The sign-up hands out the device cookie it records: HttpOnly, for this site only.
    const cookie = signed.response.cookies.find((entry) => entry.name === 'rdv_device');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/' });
  });

  it('shows a moderator the accounts that share the sign-up address', async () => {
    const response = await get(`/api/admin/members/${first}/linked-accounts`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [expect.objectContaining({ id: second, email: 'second@shared-ip.example', banned: false, shared: ['ip'] })],
      has_more: false,
    });
  });

  it('finds both by the address and by the e-mail domain', async () => {
    const ids = async (q: string) => (await get(`/api/admin/members?q=${encodeURIComponent(q)}`)).json().items.map((item: { id: number }) => item.id);
    expect(await ids('192.0.2.50')).toEqual([second, first]);
    expect(await ids('@shared-ip.example')).toEqual([second, first]);
  });

  it('refuses a role that may not read members, a bad id and an unknown member', async () => {
    const forbidden = await get(`/api/admin/members/${first}/linked-accounts`, host.cookies);
    expect([forbidden.statusCode, forbidden.json().error]).toEqual([403, 'staff_forbidden']);
    const bad = await get('/api/admin/members/abc/linked-accounts');
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'validation_failed']);
    expect((await get('/api/admin/members/2000000000/linked-accounts')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/admin/members/${first}/linked-accounts` })).statusCode).toBe(401);
  });
});

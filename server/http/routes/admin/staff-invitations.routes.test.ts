import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';

let ctx: TestContext;
let owner: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  owner = (await createStaffMember(ctx, 'owner')).cookies;
});
afterAll(() => ctx.close());

let counter = 0;
async function invite(email = `invitee${++counter}.${Date.now()}@ops.example`) {
  return ctx.app.inject({ method: 'POST', url: '/api/admin/staff', cookies: owner, payload: { email, role: 'host' } });
}
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('staff invitations over HTTP', () => {
  it('refuses a staff address that is not an e-mail address, naming the field', async () => {
    for (const email of ['<script>@x.y', 'nobody', 'a@b.c d']) {
      const refused = await invite(email);
      expect([email, refused.statusCode, refused.json().fields[0].field]).toEqual([email, 400, 'body.email']);
      expect(refused.json().fields[0].problem).toMatch(/e-mail address/i);
    }
  });

  it('sends an invitation again and withdraws it; the withdrawn link no longer opens', async () => {
    const invited = (await invite()).json();
    const resent = await ctx.app.inject({ method: 'POST', url: `/api/admin/staff/${invited.staff.id}/invitation`, cookies: owner });
    expect(resent.statusCode).toBe(201);
    const url = resent.json().invitation_url as string;
    expect(url).not.toBe(invited.invitation_url);
    expect((await ctx.app.inject({ url: `/api/admin/invitation?token=${tokenOf(invited.invitation_url)}` })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `/api/admin/invitation?token=${tokenOf(url)}` })).statusCode).toBe(200);

    const withdrawn = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/staff/${invited.staff.id}/invitation`, cookies: owner });
    expect(withdrawn.statusCode).toBe(204);
    const dead = await ctx.app.inject({ url: `/api/admin/invitation?token=${tokenOf(url)}` });
    expect([dead.statusCode, dead.json().error]).toEqual([400, 'link_invalid']);
    const list = (await ctx.app.inject({ url: '/api/admin/staff', cookies: owner })).json().staff as { id: number }[];
    expect(list.some((member) => member.id === invited.staff.id)).toBe(false);
  });

  it('explains why an accepted invitation cannot be withdrawn', async () => {
    const { member } = await createStaffMember(ctx, 'host');
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/staff/${member.id}/invitation`, cookies: owner });
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'staff_not_invited']);
    expect(refused.json().message).toContain('disable the account instead');
  });

  it('is for owners only', async () => {
    const invited = (await invite()).json();
    for (const role of ['admin', 'moderator', 'support', 'host'] as const) {
      const { cookies } = await createStaffMember(ctx, role);
      for (const method of ['POST', 'DELETE'] as const) {
        const refused = await ctx.app.inject({ method, url: `/api/admin/staff/${invited.staff.id}/invitation`, cookies });
        expect([role, method, refused.statusCode]).toEqual([role, method, 403]);
      }
    }
  });
});

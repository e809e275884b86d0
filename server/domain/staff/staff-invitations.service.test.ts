import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { enrolStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { StaffActor } from '../audit/audit.service';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let owner: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext();
  // Invitation links point at the default site's configured address.
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  const { member } = await enrolStaffMember(ctx, 'owner');
  owner = { id: member.id, email: member.email, role: 'owner', ip: '198.51.100.2' };
});
afterAll(() => ctx.close());

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
let counter = 0;
const address = () => `invitee${++counter}.${Date.now()}@ops.example`;

describe('staff invitations', () => {
  it('refuses an address the product would not send mail to, at the command line too', async () => {
    for (const email of ['<script>@x.y', 'a@b', 'two@ops.example, three@ops.example', '"quoted"@ops.example']) {
      const refused = await failure(ctx.services.staffEnrolment.invite(owner, { email, role: 'host' }));
      expect([email, refused.code, refused.fields]).toEqual([email, 'email_invalid', [{ field: 'email', code: 'email_invalid' }]]);
    }
  });

  it('sends an invitation again: a new link works, the earlier one no longer does', async () => {
    const { member, url: first } = await ctx.services.staffEnrolment.invite(owner, { email: address(), role: 'moderator' });
    const { url: second } = await ctx.services.staffInvitations.resend(owner, member.id);
    expect(second).not.toBe(first);
    expect((await failure(ctx.services.staffEnrolment.readInvitation(tokenOf(first)))).code).toBe('link_invalid');
    expect(await ctx.services.staffEnrolment.readInvitation(tokenOf(second))).toMatchObject({ email: member.email, role: 'moderator' });
    expect(ctx.mailer.last(member.email).text).toContain(second);
  });

  it('withdraws an invitation: its link stops working, it is audited, and the address can be invited again', async () => {
    const email = address();
    const { member, url } = await ctx.services.staffEnrolment.invite(owner, { email, role: 'support' });
    await ctx.services.staffInvitations.withdraw(owner, member.id);
    expect((await failure(ctx.services.staffEnrolment.readInvitation(tokenOf(url)))).code).toBe('link_invalid');
    expect((await failure(ctx.services.staffEnrolment.start(tokenOf(url), { name: 'Late', password: 'a long console passphrase' }))).code).toBe('link_invalid');
    expect((await ctx.services.staffAdmin.list()).some((row) => row.id === member.id)).toBe(false);
    const [entry] = await ctx.services.audit.page({ action: 'staff.invitation_withdraw', targetId: String(member.id) });
    expect(entry).toMatchObject({ staffId: owner.id, diff: { before: { email, role: 'support', status: 'invited' }, after: {} } });
    expect((await failure(ctx.services.staffInvitations.withdraw(owner, member.id))).code).toBe('not_found');
    const again = await ctx.services.staffEnrolment.invite(owner, { email, role: 'support' });
    expect(again.member.status).toBe('invited');
  });

  it('leaves accepted invitations alone: an active account is disabled, not withdrawn', async () => {
    const { member } = await enrolStaffMember(ctx, 'host');
    expect((await failure(ctx.services.staffInvitations.withdraw(owner, member.id))).code).toBe('staff_not_invited');
    expect((await failure(ctx.services.staffInvitations.resend(owner, member.id))).code).toBe('staff_not_invited');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { enrolStaffMember } from '../../../tests/factories/staff';
import { failure } from '../../../tests/setup/failure';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { SYSTEM_ACTOR, type StaffActor } from '../audit/audit.service';
import type { StaffRow } from './staff-sign-in.service';

/** Issue 32: each staff member's console language — from the browser at enrolment, then their own choice, audited. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Invitation links point at the default site's configured address.
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

const actorOf = (member: StaffRow): StaffActor => ({ id: member.id, email: member.email, role: member.role, ip: '203.0.113.9' });
const languageRows = async (member: StaffRow) =>
  ctx.services.audit.page({ action: 'staff.console_language', targetType: 'staff', targetId: String(member.id) });

describe('staff enrolment: the console language', () => {
  it('starts in the first of the browser’s languages the console knows', async () => {
    const { member } = await enrolStaffMember(ctx, 'moderator', { acceptLanguage: 'de-CH, de;q=0.9, en;q=0.8' });
    expect(member.consoleLanguage).toBe('de');
  });

  it('skips languages it does not know, in the browser’s order', async () => {
    const { member } = await enrolStaffMember(ctx, 'support', { acceptLanguage: 'ja, pt-BR;q=0.9, nb-NO;q=0.8, fr;q=0.7' });
    expect(member.consoleLanguage).toBe('nb');
  });

  it('takes the language chosen on the site (its cookie) over the browser’s', async () => {
    const { member } = await enrolStaffMember(ctx, 'host', { cookie: 'fi', acceptLanguage: 'sv' });
    expect(member.consoleLanguage).toBe('fi');
  });

  it('starts in English when the browser names none of the eleven, or nothing at all', async () => {
    expect((await enrolStaffMember(ctx, 'admin', { acceptLanguage: 'ja, zh-CN;q=0.5' })).member.consoleLanguage).toBe('en');
    expect((await enrolStaffMember(ctx, 'admin')).member.consoleLanguage).toBe('en');
  });

  it('records the language in the enrolment’s audit entry', async () => {
    const { member } = await enrolStaffMember(ctx, 'admin', { acceptLanguage: 'pl' });
    const [entry] = await ctx.services.audit.page({ action: 'staff.enrol', targetType: 'staff', targetId: String(member.id) });
    expect(entry?.diff.after).toMatchObject({ console_language: 'pl', status: 'active' });
  });
});

describe('staffPreferences.setConsoleLanguage', () => {
  it('changes the staff member’s own language and audits it with the before and after', async () => {
    const { member } = await enrolStaffMember(ctx, 'support', { acceptLanguage: 'en-GB' });
    const changed = await ctx.services.staffPreferences.setConsoleLanguage(actorOf(member), 'de');
    expect(changed.consoleLanguage).toBe('de');
    const rows = await languageRows(member);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffId: member.id,
      staffEmail: member.email,
      role: 'support',
      targetType: 'staff',
      ip: '203.0.113.9',
      diff: { before: { console_language: 'en' }, after: { console_language: 'de' } },
    });
  });

  it('leaves the account’s version alone, so an owner’s open edit of the role is not refused for it', async () => {
    const { member } = await enrolStaffMember(ctx, 'support');
    const changed = await ctx.services.staffPreferences.setConsoleLanguage(actorOf(member), 'sv');
    expect(changed.version).toBe(member.version);
    const edited = await ctx.services.staffAdmin.update(SYSTEM_ACTOR, member.id, { version: member.version, role: 'moderator' });
    expect(edited).toMatchObject({ role: 'moderator', consoleLanguage: 'sv' });
  });

  it('writes nothing when the language is the one already set', async () => {
    const { member } = await enrolStaffMember(ctx, 'host', { acceptLanguage: 'it' });
    const same = await ctx.services.staffPreferences.setConsoleLanguage(actorOf(member), 'it');
    expect(same.consoleLanguage).toBe('it');
    expect(await languageRows(member)).toEqual([]);
  });

  it('refuses an account that is no longer active', async () => {
    const { member } = await enrolStaffMember(ctx, 'moderator');
    await ctx.services.staffAdmin.update(SYSTEM_ACTOR, member.id, { version: member.version, status: 'disabled' });
    expect((await failure(ctx.services.staffPreferences.setConsoleLanguage(actorOf(member), 'de'))).code).toBe('staff_authentication_required');
    expect(await languageRows(member)).toEqual([]);
  });
});

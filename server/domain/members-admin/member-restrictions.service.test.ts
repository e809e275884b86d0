import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../contract/ws-events';
import { signUpMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { auditLog, profiles, sessions, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import { failure } from '../../../tests/setup/failure';

const DAY_MS = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let site: SiteRow;
let moderator: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  const mod = await createStaffMember(ctx, 'moderator');
  moderator = { id: mod.member.id, email: mod.member.email, role: 'moderator', ip: '203.0.113.9' };
});
afterAll(() => ctx.close());

const auditOf = (memberId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'member'), eq(auditLog.targetId, String(memberId))))
    .orderBy(auditLog.id);

let counter = 0;
/** A confirmed member signed in on two browsers, with their e-mail and password. */
async function signedInMember() {
  counter += 1;
  const signed = await signUpMember(ctx, site, { email: `restricted${counter}.${Date.now()}@example.com` });
  await ctx.services.membersAdmin.confirmEmail(moderator, signed.user.id).catch(() => undefined);
  await ctx.services.sessions.start(signed.user.id, 'second browser');
  const logIn = () => ctx.services.accounts.login(site, signed.input.email!, signed.input.password!, { userAgent: 'test' }, { ip: '198.51.100.70' });
  return { id: signed.user.id, logIn };
}

const visibleOf = async (id: number) => (await ctx.db.select({ visible: profiles.visible }).from(profiles).where(eq(profiles.id, id)))[0].visible;

describe('membersAdmin.suspend', () => {
  it('ends every session at once (open tabs told), refuses the log-in until the end with the date, then lets the member in', async () => {
    const member = await signedInMember();
    const events: ServerEvent[] = [];
    const stop = ctx.services.bus.subscribe(member.id, (event) => events.push(event));
    const now = ctx.clock.now();

    const page = await ctx.services.membersAdmin.suspend(moderator, member.id, { days: 7 }, 'insults in several chats');
    const until = new Date(now.getTime() + 7 * DAY_MS);
    expect(page.member).toMatchObject({ suspended_until: until.toISOString(), suspension_reason: 'insults in several chats' });
    expect(page.sessions).toEqual([]);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    await expect.poll(() => events.filter((event) => event.type === 'session_ended')).toHaveLength(1);
    stop();

    const refused = await failure(member.logIn());
    expect(refused.code).toBe('account_suspended');
    expect(refused.params.until).toBe(`${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    const [row] = await auditOf(member.id).then((rows) => rows.filter((entry) => entry.action === 'member.suspend'));
    expect(row).toMatchObject({ staffId: moderator.id, role: 'moderator' });
    expect(row.diff.after).toMatchObject({ suspended_until: until.toISOString(), suspension_reason: 'insults in several chats', sessions_ended: 2 });

    // The suspension lapses by itself: a minute past its end the member signs in again.
    ctx.clock.advance(7 * DAY_MS + 60_000);
    await member.logIn();
    expect((await ctx.services.membersAdmin.detail(member.id, null)).member.suspended_until).toBeNull();
  });

  it('suspends until a chosen moment, and lifting it early lets the member in at once (audited once)', async () => {
    const member = await signedInMember();
    const until = new Date(ctx.clock.now().getTime() + 3 * DAY_MS);
    await ctx.services.membersAdmin.suspend(moderator, member.id, { until }, 'cooling off');
    expect((await failure(member.logIn())).code).toBe('account_suspended');
    const lifted = await ctx.services.membersAdmin.liftSuspension(moderator, member.id, 'apologised');
    expect(lifted.member.suspended_until).toBeNull();
    await ctx.services.membersAdmin.liftSuspension(moderator, member.id, 'apologised');
    await member.logIn();
    const actions = (await auditOf(member.id)).map((entry) => entry.action).filter((action) => action !== 'member.confirm_email');
    expect(actions).toEqual(['member.suspend', 'member.lift_suspension']);
  });

  it('refuses an end in the past or beyond a year, and changes nothing', async () => {
    const member = await signedInMember();
    const past = await failure(ctx.services.membersAdmin.suspend(moderator, member.id, { until: new Date(ctx.clock.now().getTime() - 1000) }, 'too late'));
    expect(past.code).toBe('suspension_end_invalid');
    expect(past.fields).toEqual([{ field: 'until', code: 'suspension_end_invalid', params: { max: 365 } }]);
    expect((await failure(ctx.services.membersAdmin.suspend(moderator, member.id, { days: 366 }, 'too long'))).code).toBe('suspension_end_invalid');
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(2);
    expect((await failure(ctx.services.membersAdmin.suspend(moderator, 2_000_000, { days: 1 }, 'nobody'))).code).toBe('not_found');
  });
});

describe('membersAdmin.hideProfile', () => {
  it('takes the profile out of sight while the member may still sign in, and shows it again', async () => {
    const member = await signedInMember();
    expect(await visibleOf(member.id)).toBe(true);
    const hidden = await ctx.services.membersAdmin.hideProfile(moderator, member.id, 'photos of someone else');
    expect(hidden.member).toMatchObject({ hide_reason: 'photos of someone else' });
    expect(hidden.member.hidden_at).not.toBeNull();
    expect(await visibleOf(member.id)).toBe(false);
    await member.logIn();

    const shown = await ctx.services.membersAdmin.showProfile(moderator, member.id, 'real photos sent in');
    expect(shown.member.hidden_at).toBeNull();
    expect(await visibleOf(member.id)).toBe(true);
    const actions = (await auditOf(member.id)).map((entry) => entry.action).filter((action) => action !== 'member.confirm_email');
    expect(actions).toEqual(['member.hide', 'member.show']);
  });
});

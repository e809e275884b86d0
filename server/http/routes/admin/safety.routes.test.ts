import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { auditLog, photos, profiles, users, type SiteRow } from '../../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
let moderator: Awaited<ReturnType<typeof createStaffMember>>;
let support: Awaited<ReturnType<typeof createStaffMember>>;
let host: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, photoAutoApprove: true });
  moderator = await createStaffMember(ctx, 'moderator');
  support = await createStaffMember(ctx, 'support');
  host = await createStaffMember(ctx, 'host');
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, cookies: Record<string, string>) => ctx.app.inject({ method: 'POST', url, cookies, payload: payload as object });
const auditCount = async () => (await ctx.db.select().from(auditLog)).length;

describe('POST /api/admin/photos/:id/remove', () => {
  it('lets a moderator take down a live photo with a reason', async () => {
    const member = await createVisibleMember(ctx, site, { withPhotos: 1 });
    const [photo] = await ctx.db.select().from(photos).where(eq(photos.userId, member.id));
    const response = await post(`/api/admin/photos/${photo.id}/remove`, { reason: 'nudity' }, moderator.cookies);
    expect([response.statusCode, response.json()]).toEqual([200, { id: photo.id, member_id: member.id, status: 'removed' }]);
    expect(await ctx.db.select().from(photos).where(eq(photos.id, photo.id))).toEqual([]);
    const again = await post(`/api/admin/photos/${photo.id}/remove`, { reason: 'nudity' }, moderator.cookies);
    expect([again.statusCode, again.json().error]).toEqual([404, 'not_found']);
  });

  it('refuses a role without the right, a member, and a reason it does not know', async () => {
    const member = await createVisibleMember(ctx, site, { withPhotos: 1 });
    const [photo] = await ctx.db.select().from(photos).where(eq(photos.userId, member.id));
    const asSupport = await post(`/api/admin/photos/${photo.id}/remove`, { reason: 'nudity' }, support.cookies);
    expect([asSupport.statusCode, asSupport.json().error]).toEqual([403, 'staff_forbidden']);
    const asMember = await post(
      `/api/admin/photos/${photo.id}/remove`,
      { reason: 'nudity' },
      { rdv_session: await ctx.services.sessions.start(member.id, 'test') },
    );
    expect([asMember.statusCode, asMember.json().error]).toEqual([403, 'staff_forbidden']);
    const unknown = await post(`/api/admin/photos/${photo.id}/remove`, { reason: 'ugly' }, moderator.cookies);
    expect([unknown.statusCode, unknown.json().error]).toEqual([400, 'validation_failed']);
    expect(unknown.json().message).toContain('Reason');
    expect(await ctx.db.select().from(photos).where(eq(photos.id, photo.id))).toHaveLength(1);
  });
});

describe('POST /api/admin/members/:id/profile-text/remove', () => {
  it('empties the text, then answers 409 when nothing is left to remove', async () => {
    const member = await createVisibleMember(ctx, site);
    await ctx.db.update(profiles).set({ about: 'Write me on WhatsApp +49 170 1234567' }).where(eq(profiles.id, member.id));
    const first = await post(`/api/admin/members/${member.id}/profile-text/remove`, { reason: 'contact_details' }, moderator.cookies);
    expect([first.statusCode, first.json()]).toEqual([200, { member_id: member.id, removed: true }]);
    const second = await post(`/api/admin/members/${member.id}/profile-text/remove`, { reason: 'contact_details' }, moderator.cookies);
    expect([second.statusCode, second.json().error]).toEqual([409, 'already_reviewed']);
  });
});

describe('POST /api/admin/members/:id/suspend', () => {
  it('lets a moderator suspend for 7 days and lift it; each is audited', async () => {
    const member = await createVisibleMember(ctx, site);
    const before = await auditCount();
    const suspended = await post(`/api/admin/members/${member.id}/suspend`, { days: 7, reason: 'threats in chat' }, moderator.cookies);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().member).toMatchObject({ suspension_reason: 'threats in chat' });
    expect(suspended.json().member.suspended_until).not.toBeNull();
    const lifted = await post(`/api/admin/members/${member.id}/lift-suspension`, { reason: 'mistaken identity' }, moderator.cookies);
    expect(lifted.json().member.suspended_until).toBeNull();
    expect(await auditCount()).toBe(before + 2);
  });

  it('answers 400 with a clear message for a length that is missing, doubled, out of range or in the past', async () => {
    const member = await createVisibleMember(ctx, site);
    const tooLong = await post(`/api/admin/members/${member.id}/suspend`, { days: 400, reason: 'too long' }, moderator.cookies);
    expect([tooLong.statusCode, tooLong.json().error]).toEqual([400, 'validation_failed']);
    expect(tooLong.json().message).toContain('Days');
    for (const body of [
      { reason: 'no length' },
      { days: 1, until: '2030-01-01T00:00:00Z', reason: 'both' },
      { days: 0, reason: 'zero' },
      { days: 7, reason: ' ' },
    ]) {
      const response = await post(`/api/admin/members/${member.id}/suspend`, body, moderator.cookies);
      expect([JSON.stringify(body), response.statusCode, response.json().error]).toEqual([JSON.stringify(body), 400, 'validation_failed']);
    }
    const past = await post(`/api/admin/members/${member.id}/suspend`, { until: '2001-01-01T00:00:00Z', reason: 'in the past' }, moderator.cookies);
    expect([past.statusCode, past.json().error]).toEqual([400, 'suspension_end_invalid']);
    expect(past.json().message).toBe('A suspension must end in the future and at most 365 days from now. For longer, ban the member.');
    expect((await ctx.db.select().from(users).where(eq(users.id, member.id)))[0].suspendedUntil).toBeNull();
  });

  it('refuses a host and a member', async () => {
    const member = await createVisibleMember(ctx, site);
    const asHost = await post(`/api/admin/members/${member.id}/suspend`, { days: 1, reason: 'not mine to do' }, host.cookies);
    expect([asHost.statusCode, asHost.json().error]).toEqual([403, 'staff_forbidden']);
    const asMember = await post(
      `/api/admin/members/${member.id}/suspend`,
      { days: 1, reason: 'me neither' },
      { rdv_session: await ctx.services.sessions.start(member.id, 'test') },
    );
    expect(asMember.statusCode).toBe(403);
  });
});

describe('hide and show, and bans by moderators', () => {
  it('lets a moderator hide a profile, show it again, and ban', async () => {
    const member = await createVisibleMember(ctx, site);
    const hidden = await post(`/api/admin/members/${member.id}/hide`, { reason: 'stolen photos' }, moderator.cookies);
    expect(hidden.json().member.hide_reason).toBe('stolen photos');
    const shown = await post(`/api/admin/members/${member.id}/show`, { reason: 'sorted out' }, moderator.cookies);
    expect(shown.json().member.hidden_at).toBeNull();
    const banned = await post(`/api/admin/members/${member.id}/ban`, { reason: 'threatened a member' }, moderator.cookies);
    expect(banned.json().member.status).toBe('banned');
    const missing = await post(`/api/admin/members/${member.id}/hide`, {}, moderator.cookies);
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'validation_failed']);
  });
});

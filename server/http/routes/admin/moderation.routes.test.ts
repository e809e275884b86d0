import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';
import { makeJpeg } from '../../../domain/photos/image-fixtures';

let ctx: TestContext;
let site: SiteRow;
let moderatorCookies: Record<string, string>;
let supportCookies: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, photoAutoApprove: false });
  moderatorCookies = (await createStaffMember(ctx, 'moderator')).cookies;
  supportCookies = (await createStaffMember(ctx, 'support')).cookies;
});
afterAll(() => ctx.close());

async function signedInMember() {
  const member = await createVisibleMember(ctx, site);
  return { member, cookies: { rdv_session: await ctx.services.sessions.start(member.id, 'test') } };
}

const auditCount = async (action: string) =>
  ((await ctx.db.execute(sql`select count(*)::int as n from audit_log where action = ${action}`)) as unknown as { rows: { n: number }[] }).rows[0].n;

describe('the photo queue over HTTP', () => {
  it('pages pending photos oldest first and takes one decision per photo', async () => {
    const { member } = await signedInMember();
    const photo = await ctx.services.photos.upload(site, member.id, await makeJpeg(400, 400), 'image/jpeg');
    const queue = await ctx.app.inject({ url: '/api/admin/photos?page_size=25', cookies: moderatorCookies });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items).toContainEqual(
      expect.objectContaining({ id: photo.id, member_id: member.id, site_name: site.name, thumb_filename: photo.thumbFilename }),
    );
    expect((await ctx.app.inject({ url: '/api/admin/photos?page_size=7', cookies: moderatorCookies })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/admin/photos?sort=member', cookies: moderatorCookies })).statusCode).toBe(400);

    const badReason = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/photos/${photo.id}/decision`,
      cookies: moderatorCookies,
      payload: { decision: 'reject', reason: 'ugly' },
    });
    expect(badReason.statusCode).toBe(400);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/photos/${photo.id}/decision`,
      cookies: moderatorCookies,
      payload: { decision: 'approve' },
    });
    expect(approved.json()).toEqual({ id: photo.id, status: 'active' });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/photos/${photo.id}/decision`,
      cookies: moderatorCookies,
      payload: { decision: 'reject', reason: 'nudity' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'already_reviewed', message: expect.stringContaining('already decided') });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/admin/photos/99999999/decision', cookies: moderatorCookies, payload: { decision: 'approve' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/reports.php', () => {
  it('takes a signed-in member’s report with 201, and refuses bad input with a clear 4xx that stores nothing', async () => {
    const { cookies } = await signedInMember();
    const target = await createVisibleMember(ctx, site);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/reports.php', payload: { profile_id: target.id, reason: 'fake_profile' } });
    expect([anonymous.statusCode, anonymous.json().error]).toEqual([403, 'authentication_required']);
    const before = await ctx.services.moderation.moderationQueueSizes();

    for (const payload of [
      { profile_id: target.id, reason: 'ugly' },
      { profile_id: target.id },
      { profile_id: target.id, conversation_id: 5, reason: 'harassment' },
      { reason: 'other', text: 'short' },
      { profile_id: target.id, reason: 'other', text: 'x'.repeat(2001) },
      { profile_id: 'abc', reason: 'other' },
    ]) {
      const refused = await ctx.app.inject({ method: 'POST', url: '/api/reports.php', cookies, payload });
      expect([JSON.stringify(payload), refused.statusCode, refused.json().error]).toEqual([JSON.stringify(payload), 400, 'validation_failed']);
    }
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/reports.php', cookies, payload: { profile_id: 99_999_999, reason: 'fake_profile' } })).statusCode,
    ).toBe(404);
    expect((await ctx.services.moderation.moderationQueueSizes()).openReports).toBe(before.openReports);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports.php',
      cookies,
      payload: { profile_id: target.id, reason: 'fake_profile', text: 'Photos of a film star' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number) });
    const complaint = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports.php',
      cookies,
      payload: { reason: 'other', text: 'My credits did not arrive after paying.' },
    });
    expect(complaint.statusCode).toBe(201);
    const detail = await ctx.app.inject({ url: `/api/admin/reports/${complaint.json().id}`, cookies: supportCookies });
    expect(detail.json()).toMatchObject({
      kind: 'complaint',
      reason: 'other',
      text: 'My credits did not arrive after paying.',
      status: 'new',
      profile_id: null,
      version: 1,
    });
  });
});

describe('the reports queue over HTTP', () => {
  it('lists open reports, saves with a version (409 for a stale one) and audits every save', async () => {
    const { member, cookies } = await signedInMember();
    const target = await createVisibleMember(ctx, site);
    const { id } = (
      await ctx.app.inject({ method: 'POST', url: '/api/reports.php', cookies, payload: { profile_id: target.id, reason: 'harassment' } })
    ).json();

    const list = await ctx.app.inject({ url: '/api/admin/reports?status=open&sort=created_at&dir=desc', cookies: supportCookies });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({ id, reporter_id: member.id, profile_id: target.id, status: 'new', reason: 'harassment' });
    expect((await ctx.app.inject({ url: '/api/admin/reports?status=closed', cookies: supportCookies })).statusCode).toBe(400);

    const audits = await auditCount('report.update');
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${id}`,
      cookies: supportCookies,
      payload: { version: 1, status: 'in_progress', notes: 'Asked the other side' },
    });
    expect(saved.json()).toMatchObject({ status: 'in_progress', notes: 'Asked the other side', version: 2 });
    const stale = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${id}`,
      cookies: moderatorCookies,
      payload: { version: 1, status: 'rejected' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'version_conflict', message: expect.stringContaining('Someone else changed this') });
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/admin/reports/${id}`, cookies: supportCookies, payload: { version: 2, status: 'done' } })).statusCode,
    ).toBe(400);
    expect(await auditCount('report.update')).toBe(audits + 1);

    const replied = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${id}`,
      cookies: supportCookies,
      payload: { version: 2, status: 'resolved', reply: 'We have warned the member.' },
    });
    expect(replied.json()).toMatchObject({ status: 'resolved', reply_text: 'We have warned the member.', replied_at: expect.any(String), version: 3 });
    expect(ctx.mailer.last(member.email)).toMatchObject({ kind: 'report_reply', text: expect.stringContaining('We have warned the member.') });
    expect((await ctx.app.inject({ url: '/api/admin/reports/99999999', cookies: supportCookies })).statusCode).toBe(404);
  });
});

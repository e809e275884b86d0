import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
let moderator: Awaited<ReturnType<typeof createStaffMember>>;
let support: Awaited<ReturnType<typeof createStaffMember>>;
let host: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, photoAutoApprove: false });
  moderator = await createStaffMember(ctx, 'moderator');
  support = await createStaffMember(ctx, 'support');
  host = await createStaffMember(ctx, 'host');
});
afterAll(() => ctx.close());

const get = (url: string, cookies: Record<string, string>) => ctx.app.inject({ url, cookies });
const post = (url: string, payload: unknown, cookies: Record<string, string>) => ctx.app.inject({ method: 'POST', url, cookies, payload: payload as object });

async function report(reason: 'underage' | 'spam_or_scam' | 'other', text?: string) {
  const reporter = await createVisibleMember(ctx, site);
  const target = await createVisibleMember(ctx, site);
  return { ...(await ctx.services.reports.create(site, reporter.id, { profile_id: target.id, reason, ...(text && { text }) })), target };
}

describe('the reports list and a report’s evidence', () => {
  it('lists an under-18 report first and carries the text of "other"', async () => {
    await report('spam_or_scam');
    const other = await report('other', 'He asks everyone for gift cards.');
    const urgent = await report('underage');
    const list = await get('/api/admin/reports?status=open&sort=created_at&dir=asc&page_size=100', support.cookies);
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { id: number; reason: string; text: string }[];
    expect(items[0].reason).toBe('underage');
    expect(items.map((item) => item.id)).toContain(urgent.id);
    expect(items.find((item) => item.id === other.id)?.text).toBe('He asks everyone for gift cards.');
  });

  it('shows what a profile report is about, and answers 404 for an unknown report', async () => {
    const { id, target } = await report('spam_or_scam');
    const evidence = await get(`/api/admin/reports/${id}/evidence`, moderator.cookies);
    expect(evidence.statusCode).toBe(200);
    expect(evidence.json()).toMatchObject({ report_id: id, messages: [] });
    expect(evidence.json().photos[0].thumb_url).toMatch(/^\/media\/photos\//);
    expect(target.id).toBeGreaterThan(0);
    expect((await get('/api/admin/reports/2000000000/evidence', moderator.cookies)).statusCode).toBe(404);
    const asHost = await get(`/api/admin/reports/${id}/evidence`, host.cookies);
    expect([asHost.statusCode, asHost.json().error]).toEqual([403, 'staff_forbidden']);
  });

  it('lists the staff a report can be given to', async () => {
    const answer = await get('/api/admin/report-assignees', support.cookies);
    expect(answer.statusCode).toBe(200);
    const ids = (answer.json().items as { id: number }[]).map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([moderator.member.id, support.member.id]));
    expect(ids).not.toContain(host.member.id);
  });
});

describe('POST /api/admin/reports/bulk', () => {
  it('dismisses several reports and refuses a bad list with 400', async () => {
    const first = await report('spam_or_scam');
    const second = await report('spam_or_scam');
    const answer = await post('/api/admin/reports/bulk', { ids: [first.id, second.id], status: 'rejected' }, moderator.cookies);
    expect([answer.statusCode, answer.json()]).toEqual([200, { updated: [first.id, second.id], skipped: 0 }]);
    const cases: [unknown, string][] = [
      [{ ids: [], status: 'rejected' }, 'body.ids'],
      [{ ids: [first.id, first.id], status: 'rejected' }, 'body.ids'],
      [{ ids: [first.id], status: 'new' }, 'body.status'],
      [{ ids: ['x'], status: 'resolved' }, 'body.ids'],
    ];
    for (const [body, field] of cases) {
      const refused = await post('/api/admin/reports/bulk', body, moderator.cookies);
      expect([JSON.stringify(body), refused.statusCode, refused.json().error]).toEqual([JSON.stringify(body), 400, 'validation_failed']);
      expect(
        refused
          .json()
          .fields.map((problem: { field: string }) => problem.field)
          .join(' '),
      ).toContain(field);
    }
  });

  it('refuses a host and a member', async () => {
    const { id, target } = await report('spam_or_scam');
    const asHost = await post('/api/admin/reports/bulk', { ids: [id], status: 'resolved' }, host.cookies);
    expect([asHost.statusCode, asHost.json().error]).toEqual([403, 'staff_forbidden']);
    const asMember = await post(
      '/api/admin/reports/bulk',
      { ids: [id], status: 'resolved' },
      { rdv_session: await ctx.services.sessions.start(target.id, 'test') },
    );
    expect(asMember.statusCode).toBe(403);
  });
});

describe('bulk decisions on the queues', () => {
  it('rejects several pending photos with one reason, and lets support do none of it', async () => {
    const member = await createVisibleMember(ctx, site, { withPhotos: 0 });
    const { makeJpeg } = await import('../../../domain/photos/image-fixtures');
    const ids = [];
    for (let index = 0; index < 2; index++) ids.push((await ctx.services.photos.upload(site, member.id, await makeJpeg(300, 300), 'image/jpeg')).id);
    const refused = await post('/api/admin/photos/bulk-decision', { decision: 'reject', ids }, moderator.cookies);
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'validation_failed']);
    const asSupport = await post('/api/admin/photos/bulk-decision', { decision: 'approve', ids }, support.cookies);
    expect([asSupport.statusCode, asSupport.json().error]).toEqual([403, 'staff_forbidden']);
    const rejected = await post('/api/admin/photos/bulk-decision', { decision: 'reject', ids, reason: 'poor_quality' }, moderator.cookies);
    expect([rejected.statusCode, rejected.json()]).toEqual([200, { decided: ids, skipped: [] }]);
    const texts = await post('/api/admin/profile-texts/bulk-decision', { decision: 'keep', ids: [2_000_000] }, moderator.cookies);
    expect([texts.statusCode, texts.json()]).toEqual([200, { decided: [], skipped: [2_000_000] }]);
  });
});

describe('POST /api/reports.php with "other"', () => {
  it('needs the member’s own words', async () => {
    const reporter = await createVisibleMember(ctx, site);
    const target = await createVisibleMember(ctx, site);
    const cookies = { rdv_session: await ctx.services.sessions.start(reporter.id, 'test') };
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/reports.php', cookies, payload: { profile_id: target.id, reason: 'other' } });
    expect([bare.statusCode, bare.json().error]).toEqual([400, 'validation_failed']);
    const told = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports.php',
      cookies,
      payload: { profile_id: target.id, reason: 'other', text: 'Copies texts from other profiles.' },
    });
    expect(told.statusCode).toBe(201);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { pageVisits } from '../../db/schema/acquisition';
import type { SiteRow } from '../../db/schema/index';
import { isAppError } from '../shared/app-error';
import { EVERY_SITE } from '../staff/site-scope';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

const visitsOf = (site: SiteRow) => ctx.db.select().from(pageVisits).where(eq(pageVisits.siteId, site.id)).orderBy(pageVisits.id);
const anonymous = (site: SiteRow) => ({ siteId: site.id, memberId: null, hasStatisticsConsent: false, visitorId: null });

describe('pageVisits.record', () => {
  it('stores the page with ids replaced and the query dropped, and no id at all without statistics consent', async () => {
    const site = await createSite(ctx.db);
    const member = await signUpMember(ctx, site);
    expect(
      await ctx.services.pageVisits.record(
        { ...anonymous(site), memberId: member.user.id, visitorId: 'v'.repeat(22) },
        { path: '/members/123/landing2/summer?lb&ref=x', ms: 4200, lb: false, bounced: false },
      ),
    ).toBe(true);
    const [row] = await visitsOf(site);
    expect(row).toMatchObject({ path: '/members/{id}/landing2/summer', msOnPage: 4200, userId: null, visitorId: null, bounceLogging: false, bounced: false });
  });

  it('keeps the visitor id, or the member instead, only with statistics consent', async () => {
    const site = await createSite(ctx.db);
    const member = await signUpMember(ctx, site);
    await ctx.services.pageVisits.record(
      { ...anonymous(site), hasStatisticsConsent: true, visitorId: 'abcdefghijklmnopqrstuv' },
      { path: '/landers/gallery', ms: 10, lb: true, bounced: true },
    );
    await ctx.services.pageVisits.record(
      { siteId: site.id, memberId: member.user.id, hasStatisticsConsent: true, visitorId: 'abcdefghijklmnopqrstuv' },
      { path: '/landers/gallery', ms: 20, lb: true, bounced: true },
    );
    const rows = await visitsOf(site);
    expect(rows.map((row) => [row.visitorId, row.userId, row.bounced])).toEqual([
      ['abcdefghijklmnopqrstuv', null, true],
      // Signed in (a sign-up from the lander, or a member): not a bounce, whatever the browser said.
      [null, member.user.id, false],
    ]);
  });

  it('stores nothing for paths that are not member-facing pages', async () => {
    const site = await createSite(ctx.db);
    for (const path of ['/api/user.php', '/admin/traffic', '//evil.example/x', '/a b', `/${'x'.repeat(250)}`]) {
      expect(await ctx.services.pageVisits.record(anonymous(site), { path, ms: 1, lb: false, bounced: false })).toBe(false);
    }
    expect(await visitsOf(site)).toEqual([]);
  });

  it('only bounce-logged pages can bounce', async () => {
    const site = await createSite(ctx.db);
    await ctx.services.pageVisits.record(anonymous(site), { path: '/pricing', ms: 1, lb: false, bounced: true });
    expect((await visitsOf(site))[0]).toMatchObject({ bounceLogging: false, bounced: false });
  });
});

describe('trafficReport.report', () => {
  it('counts sign-ups per network and ref, and landing pages with bounce rate and median time, within the period', async () => {
    const site = await createSite(ctx.db);
    const other = await createSite(ctx.db);
    ctx.clock.set(new Date('2026-03-10T09:00:00Z'));
    await signUpMember(ctx, site, { network: 'adnet', ref: 'summer' });
    await signUpMember(ctx, site, { network: 'adnet', ref: 'summer' });
    await signUpMember(ctx, site, { network: 'adnet', ref: 'winter' });
    await signUpMember(ctx, site);
    await signUpMember(ctx, other, { network: 'adnet', ref: 'summer' });
    for (const [ms, bounced] of [
      [1000, true],
      [3000, false],
      [8000, true],
    ] as const) {
      await ctx.services.pageVisits.record(anonymous(site), { path: '/landers/gallery?lb', ms, lb: true, bounced });
    }
    await ctx.services.pageVisits.record(anonymous(site), { path: '/landers/tinderswipe', ms: 500, lb: true, bounced: false });
    await ctx.services.pageVisits.record(anonymous(site), { path: '/pricing', ms: 500, lb: false, bounced: false });
    await ctx.services.pageVisits.record(anonymous(other), { path: '/landers/gallery', ms: 500, lb: true, bounced: true });
    // Before the period: not counted.
    ctx.clock.set(new Date('2026-03-01T23:59:59Z'));
    await signUpMember(ctx, site, { network: 'adnet', ref: 'summer' });
    await ctx.services.pageVisits.record(anonymous(site), { path: '/landers/gallery', ms: 1, lb: true, bounced: true });

    ctx.clock.set(new Date('2026-03-12T10:00:00Z'));
    const report = await ctx.services.trafficReport.report({ site_id: site.id }, EVERY_SITE);
    expect(report).toMatchObject({ site: { id: site.id }, from: '2026-03-06', to: '2026-03-12', signups_total: 4 });
    expect(report.signups).toEqual([
      { network: 'adnet', ref: 'summer', count: 2 },
      { network: 'adnet', ref: 'winter', count: 1 },
      { network: null, ref: null, count: 1 },
    ]);
    expect(report.landing_pages).toEqual([
      { path: '/landers/gallery', visits: 3, bounces: 2, bounce_rate: 2 / 3, median_ms: 3000 },
      { path: '/landers/tinderswipe', visits: 1, bounces: 0, bounce_rate: 0, median_ms: 500 },
    ]);

    const wider = await ctx.services.trafficReport.report({ site_id: site.id, from: '2026-03-01', to: '2026-03-12' }, EVERY_SITE);
    expect(wider.signups_total).toBe(5);
    expect(wider.landing_pages[0]).toMatchObject({ path: '/landers/gallery', visits: 4, bounces: 3 });
  });

  it('shows an empty period as empty lists, and refuses a site that does not exist', async () => {
    const site = await createSite(ctx.db);
    expect(await ctx.services.trafficReport.report({ site_id: site.id, from: '2020-01-01', to: '2020-01-31' }, EVERY_SITE)).toMatchObject({
      signups: [],
      signups_total: 0,
      landing_pages: [],
    });
    const refused = await ctx.services.trafficReport.report({ site_id: 999_999 }, EVERY_SITE).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe('not_found');
  });
});

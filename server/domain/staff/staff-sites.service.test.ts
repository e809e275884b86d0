import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createOrder } from '../../../tests/factories/orders';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { failure } from '../../../tests/setup/failure';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';
import { SYSTEM_ACTOR, type StaffActor } from '../audit/audit.service';
import { siteScopeOfStaff } from './site-scope';

let ctx: TestContext;
let mine: SiteRow;
let theirs: SiteRow;
let limited: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext();
  mine = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  theirs = await createSite(ctx.db);
  limited = { id: null, email: 'mod@ops.example', role: 'moderator', ip: null, sites: [mine.id] };
});
afterAll(() => ctx.close());

const window = { offset: 0, limit: 500 };
const query = { page: 1, page_size: 25, sort: 'id', dir: 'desc' } as never;

describe('staff limited to chosen sites (ADR 0060)', () => {
  it('owners and staff without chosen sites see every site; others only theirs', () => {
    expect(siteScopeOfStaff({ role: 'owner', siteIds: [mine.id] })).toBeNull();
    expect(siteScopeOfStaff({ role: 'moderator', siteIds: [] })).toBeNull();
    expect(siteScopeOfStaff({ role: 'moderator', siteIds: [mine.id] })).toEqual([mine.id]);
  });

  it('an owner limits a moderator to a site, audited, and an unknown site is refused', async () => {
    const { member } = await createStaffMember(ctx, 'moderator');
    const after = await ctx.services.staffAdmin.update(SYSTEM_ACTOR, member.id, { version: member.version, siteIds: [mine.id] });
    expect(after.siteIds).toEqual([mine.id]);
    const [entry] = await ctx.services.audit.page({ action: 'staff.update' } as never, undefined, 1);
    expect(entry.diff).toEqual({ before: { site_ids: [] }, after: { site_ids: [mine.id] } });
    expect((await failure(ctx.services.staffAdmin.update(SYSTEM_ACTOR, member.id, { version: after.version, siteIds: [2_000_000_000] }))).code).toBe(
      'staff_site_unknown',
    );
    const promoted = await ctx.services.staffAdmin.update(SYSTEM_ACTOR, member.id, { version: after.version, role: 'owner' });
    expect(promoted.siteIds).toEqual([]);
  });

  it('lists, the member page and the site picker cover only the allowed sites', async () => {
    const ours = await createVisibleMember(ctx, mine);
    const other = await createVisibleMember(ctx, theirs);
    const found = (await ctx.services.membersAdmin.search(query, window, [mine.id])).map((row) => row.id);
    expect(found).toContain(ours.id);
    expect(found).not.toContain(other.id);
    expect((await ctx.services.membersAdmin.search({ ...(query as object), site_id: theirs.id } as never, window, [mine.id])).length).toBe(0);
    expect((await ctx.services.membersAdmin.siteOptions([mine.id])).map((site) => site.id)).toEqual([mine.id]);
    expect((await ctx.services.membersAdmin.detail(ours.id, [mine.id])).member.id).toBe(ours.id);
    expect((await failure(ctx.services.membersAdmin.detail(other.id, [mine.id]))).code).toBe('not_found');
    expect((await ctx.services.membersAdmin.detail(other.id, null)).member.id).toBe(other.id);
  });

  it('refuses writes on another site’s member as not found', async () => {
    const other = await createVisibleMember(ctx, theirs);
    expect((await failure(ctx.services.membersAdmin.ban(limited, other.id, 'spam'))).code).toBe('not_found');
    expect((await failure(ctx.services.membersAdmin.hideProfile(limited, other.id, 'spam'))).code).toBe('not_found');
    expect((await ctx.services.membersAdmin.detail(other.id, null)).member.status).not.toBe('banned');
  });

  it('reports: the queue, a report and its update are of the allowed sites only', async () => {
    const reporter = await createVisibleMember(ctx, theirs);
    const reported = await createVisibleMember(ctx, theirs);
    const { id } = await ctx.services.reports.create(theirs, reporter.id, { profile_id: reported.id, reason: 'spam_or_scam' });
    const ids = async (scope: number[] | null) =>
      (await ctx.services.reports.page('all', { sort: 'created_at', dir: 'desc' }, window, scope)).map((row) => row.report.id);
    expect(await ids(null)).toContain(id);
    expect(await ids([mine.id])).not.toContain(id);
    expect((await failure(ctx.services.reports.detail(id, [mine.id]))).code).toBe('not_found');
    expect((await failure(ctx.services.reports.update(limited, id, { version: 1, status: 'resolved' }))).code).toBe('not_found');
    expect((await ctx.services.reportTriage.closeMany(limited, [id], 'resolved')).updated).toEqual([]);
  });

  it('orders and the dashboard count only the allowed sites', async () => {
    const at = ctx.clock.now();
    const theirOrder = await createOrder(ctx.db, { siteId: theirs.id, createdAt: at });
    const ourOrder = await createOrder(ctx.db, { siteId: mine.id, createdAt: at });
    const orderIds = (await ctx.services.consoleOrders.page({ page_size: 100, sort: 'created', dir: 'desc' } as never, [mine.id])).items.map((item) => item.id);
    expect(orderIds).toContain(ourOrder.id);
    expect(orderIds).not.toContain(theirOrder.id);
    const figures = await ctx.services.dashboard.figures({ range: '30d' }, [mine.id]);
    expect(figures.sites.map((site) => site.id)).toEqual([mine.id]);
    const everything = await ctx.services.dashboard.figures({ range: '30d' }, null);
    const onlyTheirs = await ctx.services.dashboard.figures({ range: '30d', site_id: theirs.id }, null);
    expect(figures.totals.signups).toBe(everything.totals.signups - onlyTheirs.totals.signups);
    expect((await ctx.services.dashboard.figures({ range: '30d', site_id: theirs.id }, [mine.id])).totals.signups).toBe(0);
  });
});

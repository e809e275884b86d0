import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../../../contract/theme';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';
import { EVERY_SITE } from '../../../domain/staff/site-scope';

/**
 * The site-settings side of the console for staff limited to chosen sites (issue 32, ADR 0060):
 * sites, their looks, mail DNS and safety choices, traffic, partner cards, discount codes and the
 * audit log. Another site answers exactly as a missing one; what reaches every site is refused.
 */

let ctx: TestContext;
let mine: SiteRow;
let theirs: SiteRow;
type Staff = Awaited<ReturnType<typeof createStaffMember>>;
let owner: Staff;
let limited: Staff;
let unlimited: Staff;
beforeAll(async () => {
  // DNS is not asked for real: the mail-DNS page of an allowed site still answers.
  ctx = await createTestContext({ services: { dnsResolver: { resolveTxt: async () => [] } } });
  mine = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  theirs = await createSite(ctx.db);
  owner = await createStaffMember(ctx, 'owner');
  unlimited = await createStaffMember(ctx, 'admin');
  limited = await createStaffMember(ctx, 'admin');
  const limiting = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/staff/${limited.member.id}`,
    cookies: owner.cookies,
    payload: { version: limited.member.version, site_ids: [mine.id] },
  });
  expect(limiting.statusCode).toBe(200);
});
afterAll(() => ctx.close());

const get = (who: Staff, url: string) => ctx.app.inject({ url, cookies: who.cookies });
const send = (who: Staff, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, cookies: who.cookies, ...(payload && { payload }) });
const idsOf = (items: { id: number }[]) => items.map((item) => item.id);
const auditRowsAbout = (site: SiteRow) => ctx.services.audit.page({ targetType: 'site', targetId: String(site.id) });

describe('sites for staff limited to chosen sites', () => {
  it('lists only the allowed sites; an unlimited admin and the owner see both', async () => {
    const listed = (who: Staff) => get(who, '/api/admin/sites?page_size=100').then((response) => idsOf(response.json().items));
    expect(await listed(limited)).toEqual([mine.id]);
    expect(await listed(unlimited)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(await listed(owner)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('answers another site’s settings, bundles, theme, mail DNS and safety choices as a missing site', async () => {
    const pages = ['', '/bundles', '/theme', '/mail-dns', '/safety'];
    for (const page of pages) {
      const other = await get(limited, `/api/admin/sites/${theirs.id}${page}`);
      const missing = await get(limited, `/api/admin/sites/999999${page}`);
      expect([page, other.statusCode, other.json().error]).toEqual([page, 404, 'not_found']);
      expect(other.json()).toEqual(missing.json());
      expect([page, (await get(limited, `/api/admin/sites/${mine.id}${page}`)).statusCode]).toEqual([page, 200]);
      expect([page, (await get(unlimited, `/api/admin/sites/${theirs.id}${page}`)).statusCode]).toEqual([page, 200]);
      expect([page, (await get(owner, `/api/admin/sites/${theirs.id}${page}`)).statusCode]).toEqual([page, 200]);
    }
  });

  it('refuses every write to another site as not found — even a stale version — and nothing changes', async () => {
    const before = await ctx.services.siteAdmin.get(theirs.id, EVERY_SITE);
    const bundlesBefore = await ctx.services.siteAdmin.listBundles(theirs.id, EVERY_SITE);
    const safetyBefore = await ctx.services.safetyRules.settings(theirs.id, EVERY_SITE);
    const bundle = bundlesBefore[0]!;
    const writes: [string, Awaited<ReturnType<typeof send>>][] = [
      ['settings', await send(limited, 'PATCH', `/api/admin/sites/${theirs.id}`, { version: before.version, name: 'Taken over' })],
      ['stale settings', await send(limited, 'PATCH', `/api/admin/sites/${theirs.id}`, { version: before.version + 7, name: 'Taken over' })],
      [
        'texts',
        await send(limited, 'PATCH', `/api/admin/sites/${theirs.id}`, { version: before.version, localized_texts: { en: { index_title: 'Ours now' } } }),
      ],
      [
        'legal pages',
        await send(limited, 'PATCH', `/api/admin/sites/${theirs.id}`, {
          version: before.version,
          company_name: 'Ours B.V.',
          custom_pages: { imprint: { title: 'Imprint', markdown: 'Ours now.' } },
        }),
      ],
      ['analytics', await send(limited, 'PATCH', `/api/admin/sites/${theirs.id}`, { version: before.version, tag_manager_id: 'GTM-AB12CD3' })],
      ['disabling', await send(limited, 'PATCH', `/api/admin/sites/${theirs.id}`, { version: before.version, status: 'disabled' })],
      ['new bundle', await send(limited, 'POST', `/api/admin/sites/${theirs.id}/bundles`, { credits: 10, prices: { '*': { currency: 'EUR', amount: 100 } } })],
      ['theme', await send(limited, 'PUT', `/api/admin/sites/${theirs.id}/theme`, { ...DEFAULT_THEME, version: before.version, primary: '#123456' })],
      ['theme image', await send(limited, 'DELETE', `/api/admin/sites/${theirs.id}/theme/logo`)],
      ['safety', await send(limited, 'PUT', `/api/admin/sites/${theirs.id}/safety`, { hold_contact_texts: true, message_policy: 'block' })],
      ['bundle', await send(limited, 'PATCH', `/api/admin/sites/${theirs.id}/bundles/${bundle.id}`, { version: bundle.version, active: false })],
    ];
    for (const [what, response] of writes) expect([what, response.statusCode, response.json().error]).toEqual([what, 404, 'not_found']);

    const after = await ctx.services.siteAdmin.get(theirs.id, EVERY_SITE);
    expect(after).toEqual(before);
    expect(await ctx.services.siteAdmin.listBundles(theirs.id, EVERY_SITE)).toEqual(bundlesBefore);
    expect(await ctx.services.safetyRules.settings(theirs.id, EVERY_SITE)).toEqual(safetyBefore);
    expect(await auditRowsAbout(theirs)).toEqual([]);
  });

  it('saves the allowed site’s settings and theme', async () => {
    const site = await ctx.services.siteAdmin.get(mine.id, EVERY_SITE);
    const saved = await send(limited, 'PATCH', `/api/admin/sites/${mine.id}`, { version: site.version, tag_manager_id: 'gtm-ab12cd3' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().tag_manager_id).toBe('GTM-AB12CD3');
    const themed = await send(limited, 'PUT', `/api/admin/sites/${mine.id}/theme`, { ...DEFAULT_THEME, version: saved.json().version });
    expect(themed.statusCode).toBe(200);
  });

  it('lets only staff of every site create a site', async () => {
    const refused = await send(limited, 'POST', '/api/admin/sites', { name: 'Outside', domain: 'outside.scope.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('staff_sites_limited');
    expect((await get(owner, '/api/admin/sites?domain=outside.scope.example')).json().items).toEqual([]);
    expect((await send(unlimited, 'POST', '/api/admin/sites', { name: 'Inside', domain: 'inside.scope.example' })).statusCode).toBe(201);
  });
});

describe('traffic for staff limited to chosen sites', () => {
  it('starts on the allowed site, offers only it, and answers another site as an unknown one', async () => {
    const report = (await get(limited, '/api/admin/traffic')).json();
    expect(report.site.id).toBe(mine.id);
    expect(idsOf(report.sites)).toEqual([mine.id]);
    const other = await get(limited, `/api/admin/traffic?site_id=${theirs.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual((await get(limited, '/api/admin/traffic?site_id=999999')).json());
    for (const who of [unlimited, owner]) {
      const theirReport = (await get(who, `/api/admin/traffic?site_id=${theirs.id}`)).json();
      expect(theirReport.site.id).toBe(theirs.id);
      expect(idsOf(theirReport.sites)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    }
  });
});

describe('partner cards for staff limited to chosen sites', () => {
  const card = (siteId: number | null, name: string) => ({ site_id: siteId, kind: 'cam', name, url: 'https://cams.partner.example/x' });

  it('shows their sites’ cards and the all-sites ones, and changes only their sites’ cards', async () => {
    const ours = (await send(owner, 'POST', '/api/admin/partner-cards', card(mine.id, 'Ours'))).json();
    const other = (await send(owner, 'POST', '/api/admin/partner-cards', card(theirs.id, 'Other'))).json();
    const shared = (await send(owner, 'POST', '/api/admin/partner-cards', card(null, 'Shared'))).json();

    const listed = idsOf((await get(limited, '/api/admin/partner-cards')).json().items);
    expect(listed).toEqual(expect.arrayContaining([ours.id, shared.id]));
    expect(listed).not.toContain(other.id);
    expect((await get(limited, `/api/admin/partner-cards?site_id=${theirs.id}`)).json().items).toEqual([]);
    expect(idsOf((await get(unlimited, '/api/admin/partner-cards')).json().items)).toEqual(expect.arrayContaining([ours.id, other.id, shared.id]));

    expect((await get(limited, `/api/admin/partner-cards/${other.id}`)).statusCode).toBe(404);
    expect((await get(limited, `/api/admin/partner-cards/${shared.id}`)).statusCode).toBe(200);
    const hidden = await send(limited, 'PATCH', `/api/admin/partner-cards/${other.id}`, { active: false });
    expect([hidden.statusCode, hidden.json().error]).toEqual([404, 'not_found']);
    const sharedChange = await send(limited, 'PATCH', `/api/admin/partner-cards/${shared.id}`, { active: false });
    expect([sharedChange.statusCode, sharedChange.json().error]).toEqual([403, 'staff_sites_limited']);
    expect((await send(limited, 'PATCH', `/api/admin/partner-cards/${ours.id}`, { site_id: null })).statusCode).toBe(403);
    expect((await send(limited, 'PATCH', `/api/admin/partner-cards/${ours.id}`, { site_id: theirs.id })).statusCode).toBe(400);
    expect((await send(limited, 'POST', '/api/admin/partner-cards', card(theirs.id, 'Sneaky'))).statusCode).toBe(400);
    expect((await send(limited, 'POST', '/api/admin/partner-cards', card(null, 'Everywhere'))).statusCode).toBe(403);
    expect((await send(limited, 'PATCH', `/api/admin/partner-cards/${ours.id}`, { name: 'Ours, renamed' })).json().name).toBe('Ours, renamed');

    const asOwner = async (id: number) => (await get(owner, `/api/admin/partner-cards/${id}`)).json();
    expect(await asOwner(other.id)).toMatchObject({ active: true, site_id: theirs.id });
    expect(await asOwner(shared.id)).toMatchObject({ active: true, site_id: null });
    expect(await asOwner(ours.id)).toMatchObject({ site_id: mine.id });
  });
});

describe('discount codes for staff limited to chosen sites', () => {
  it('lists their sites’ codes and the every-site ones, and changes only their sites’ codes', async () => {
    const create = (who: Staff, code: string, siteId: number | null) =>
      send(who, 'POST', '/api/admin/discount-codes', { code, value_percentage: 10, site_id: siteId });
    const ours = (await create(owner, 'SCOPEOURS', mine.id)).json();
    const other = (await create(owner, 'SCOPEOTHER', theirs.id)).json();
    const shared = (await create(owner, 'SCOPEALL', null)).json();

    const listed = idsOf((await get(limited, '/api/admin/discount-codes?page_size=100')).json().items);
    expect(listed).toEqual(expect.arrayContaining([ours.id, shared.id]));
    expect(listed).not.toContain(other.id);
    expect(idsOf((await get(unlimited, '/api/admin/discount-codes?page_size=100')).json().items)).toEqual(
      expect.arrayContaining([ours.id, other.id, shared.id]),
    );

    const otherOff = await send(limited, 'POST', `/api/admin/discount-codes/${other.id}/disable`);
    expect([otherOff.statusCode, otherOff.json().error]).toEqual([404, 'not_found']);
    const sharedOff = await send(limited, 'POST', `/api/admin/discount-codes/${shared.id}/disable`);
    expect([sharedOff.statusCode, sharedOff.json().error]).toEqual([403, 'staff_sites_limited']);
    expect((await create(limited, 'SCOPENEWALL', null)).json().error).toBe('staff_sites_limited');
    const outside = await create(limited, 'SCOPENEWOTHER', theirs.id);
    expect([outside.statusCode, outside.json().fields]).toEqual([400, [expect.objectContaining({ field: 'body.site_id', code: 'discount_site_unknown' })]]);
    expect((await create(limited, 'SCOPENEWOURS', mine.id)).statusCode).toBe(201);
    expect((await send(limited, 'POST', `/api/admin/discount-codes/${ours.id}/disable`)).json().status).toBe('inactive');

    const statusOf = async (code: string) => (await get(owner, `/api/admin/discount-codes?code=${code}`)).json().items[0]?.status;
    expect(await statusOf('SCOPEOTHER')).toBe('active');
    expect(await statusOf('SCOPEALL')).toBe('active');
    expect(await statusOf('SCOPENEWALL')).toBeUndefined();
    expect(await statusOf('SCOPENEWOTHER')).toBeUndefined();
  });
});

describe('the audit log for staff limited to chosen sites', () => {
  it('shows their own rows and rows about their sites, not other sites’ rows; unlimited staff see all', async () => {
    const edit = async (site: SiteRow) => {
      const { version } = await ctx.services.siteAdmin.get(site.id, EVERY_SITE);
      expect((await send(owner, 'PATCH', `/api/admin/sites/${site.id}`, { version, mail_name: `Mail ${site.id}` })).statusCode).toBe(200);
    };
    await edit(mine);
    await edit(theirs);
    const rowsAbout = async (who: Staff, site: SiteRow) =>
      (await get(who, `/api/admin/audit?target_type=site&target_id=${site.id}`)).json().entries as { staff_id: number }[];

    expect((await rowsAbout(limited, mine)).length).toBeGreaterThan(0);
    expect(await rowsAbout(limited, theirs)).toEqual([]);
    expect((await rowsAbout(unlimited, theirs)).length).toBeGreaterThan(0);
    expect((await rowsAbout(owner, theirs)).length).toBeGreaterThan(0);

    // Rows about no one site (the staff accounts) only when they are the reader's own.
    const staffRows = (await get(limited, '/api/admin/audit?target_type=staff')).json().entries;
    expect(staffRows).toEqual([]);
    const csv = (await get(limited, `/api/admin/audit.csv?target_type=site`)).body;
    expect(csv).toContain(`,site,${mine.id},`);
    expect(csv).not.toContain(`,site,${theirs.id},`);
  });
});

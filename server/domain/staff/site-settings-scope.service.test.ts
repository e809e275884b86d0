import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateDiscountCodeInput } from '../../../contract/admin/money';
import { DEFAULT_THEME } from '../../../contract/theme';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { failure } from '../../../tests/setup/failure';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';
import { SYSTEM_ACTOR, type AuditViewer, type StaffActor } from '../audit/audit.service';
import { EVERY_SITE } from './site-scope';

/** The site-settings side of the console for staff limited to chosen sites (issue 32, ADR 0060). */

let ctx: TestContext;
let mine: SiteRow;
let theirs: SiteRow;
let limited: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext({ services: { dnsResolver: { resolveTxt: async () => [] } } });
  mine = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  theirs = await createSite(ctx.db);
  limited = { id: 424_242, email: 'limited@ops.example', role: 'admin', ip: null, sites: [mine.id] };
});
afterAll(() => ctx.close());

const listQuery = { page: 1, page_size: 100, sort: 'id', dir: 'asc' } as never;
const codeOf = async (promise: Promise<unknown>) => (await failure(promise)).code;

describe('sites, looks, mail DNS and safety choices', () => {
  it('list and open only the allowed sites; another one is not found before anything else', async () => {
    expect((await ctx.services.siteAdmin.list(listQuery, [mine.id])).rows.map((row) => row.id)).toEqual([mine.id]);
    expect((await ctx.services.siteAdmin.list(listQuery, EVERY_SITE)).rows.map((row) => row.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await ctx.services.siteAdmin.list(listQuery, [])).rows).toEqual([]);
    expect(await codeOf(ctx.services.siteAdmin.get(theirs.id, [mine.id]))).toBe('not_found');
    expect(await codeOf(ctx.services.siteAdmin.listBundles(theirs.id, [mine.id]))).toBe('not_found');
    expect(await codeOf(ctx.services.siteTheme.get(theirs.id, [mine.id]))).toBe('not_found');
    expect(await codeOf(ctx.services.mailDns.check(theirs.id, [mine.id]))).toBe('not_found');
    expect(await codeOf(ctx.services.safetyRules.settings(theirs.id, [mine.id]))).toBe('not_found');
    expect((await ctx.services.mailDns.check(mine.id, [mine.id])).domains.length).toBeGreaterThan(0);
  });

  it('refuse every write to another site as not found, even with a stale version, and change nothing', async () => {
    const before = await ctx.services.siteAdmin.get(theirs.id, EVERY_SITE);
    const [bundle] = await ctx.services.siteAdmin.listBundles(theirs.id, EVERY_SITE);
    const refusals = [
      ctx.services.siteAdmin.update(limited, theirs.id, { version: before.version + 5, name: 'Ours' }),
      ctx.services.siteAdmin.createBundle(limited, theirs.id, { credits: 5, prices: { '*': { currency: 'EUR', amount: 100 } } } as never),
      ctx.services.siteAdmin.updateBundle(limited, theirs.id, bundle!.id, { version: bundle!.version, active: false }),
      ctx.services.siteTheme.update(limited, theirs.id, { ...DEFAULT_THEME, version: before.version }),
      ctx.services.siteTheme.removeImage(limited, theirs.id, 'logo'),
      ctx.services.safetyRules.saveSettings(limited, theirs.id, { hold_contact_texts: true, message_policy: 'block' }),
    ];
    for (const refusal of refusals) expect(await codeOf(refusal)).toBe('not_found');
    expect(await ctx.services.siteAdmin.get(theirs.id, EVERY_SITE)).toEqual(before);
    expect(await ctx.services.audit.page({ targetType: 'site', targetId: String(theirs.id) })).toEqual([]);
  });

  it('create sites only for staff of every site', async () => {
    expect(await codeOf(ctx.services.siteAdmin.create(limited, { name: 'Outside', domain: 'outside.settings.example' }))).toBe('staff_sites_limited');
    expect((await ctx.services.siteAdmin.create(SYSTEM_ACTOR, { name: 'Inside', domain: 'inside.settings.example' })).name).toBe('Inside');
  });
});

describe('traffic', () => {
  it('starts on and offers only the allowed sites; another site is not found', async () => {
    const report = await ctx.services.trafficReport.report({}, [mine.id]);
    expect([report.site.id, report.sites.map((site) => site.id)]).toEqual([mine.id, [mine.id]]);
    expect(await codeOf(ctx.services.trafficReport.report({ site_id: theirs.id }, [mine.id]))).toBe('not_found');
    expect((await ctx.services.trafficReport.report({ site_id: theirs.id }, EVERY_SITE)).site.id).toBe(theirs.id);
  });
});

describe('partner cards', () => {
  const card = (siteId: number | null) => ({
    siteId,
    kind: 'cam' as const,
    name: 'Mia',
    age: null,
    city: '',
    url: 'https://cams.partner.example/mia',
    active: true,
    sortOrder: 0,
  });

  it('list their sites’ and the all-sites cards, and change only their sites’ ones', async () => {
    const ours = await ctx.services.partnerCards.create(SYSTEM_ACTOR, card(mine.id));
    const other = await ctx.services.partnerCards.create(SYSTEM_ACTOR, card(theirs.id));
    const shared = await ctx.services.partnerCards.create(SYSTEM_ACTOR, card(null));
    const listed = (await ctx.services.partnerCards.list(null, [mine.id])).map((row) => row.id);
    expect(listed).toEqual(expect.arrayContaining([ours.id, shared.id]));
    expect(listed).not.toContain(other.id);
    expect(await ctx.services.partnerCards.list(theirs.id, [mine.id])).toEqual([]);
    expect(await codeOf(ctx.services.partnerCards.get(other.id, [mine.id]))).toBe('not_found');
    expect((await ctx.services.partnerCards.get(shared.id, [mine.id])).id).toBe(shared.id);

    expect(await codeOf(ctx.services.partnerCards.update(limited, other.id, { active: false }))).toBe('not_found');
    expect(await codeOf(ctx.services.partnerCards.update(limited, shared.id, { active: false }))).toBe('staff_sites_limited');
    expect(await codeOf(ctx.services.partnerCards.update(limited, ours.id, { siteId: null }))).toBe('staff_sites_limited');
    expect(await codeOf(ctx.services.partnerCards.update(limited, ours.id, { siteId: theirs.id }))).toBe('validation_failed');
    expect(await codeOf(ctx.services.partnerCards.create(limited, card(null)))).toBe('staff_sites_limited');
    expect(await codeOf(ctx.services.partnerCards.create(limited, card(theirs.id)))).toBe('validation_failed');
    expect((await ctx.services.partnerCards.update(limited, ours.id, { active: false })).active).toBe(false);
    expect((await ctx.services.partnerCards.get(other.id, EVERY_SITE)).active).toBe(true);
    expect((await ctx.services.partnerCards.get(shared.id, EVERY_SITE)).active).toBe(true);
  });
});

describe('discount codes', () => {
  const input = (overrides: Record<string, unknown>) => CreateDiscountCodeInput.parse({ value_percentage: 10, ...overrides });

  it('belong to their site, else their member’s; limited staff change only their sites’ codes', async () => {
    const theirMember = await createVisibleMember(ctx, theirs);
    const ourMember = await createVisibleMember(ctx, mine);
    const ours = await ctx.services.consoleDiscounts.create(SYSTEM_ACTOR, input({ code: 'DOMOURS', site_id: mine.id }));
    const other = await ctx.services.consoleDiscounts.create(SYSTEM_ACTOR, input({ code: 'DOMOTHER', site_id: theirs.id }));
    const theirMembers = await ctx.services.consoleDiscounts.create(SYSTEM_ACTOR, input({ code: 'DOMTHEIRMEMBER', user_id: theirMember.id }));
    const shared = await ctx.services.consoleDiscounts.create(SYSTEM_ACTOR, input({ code: 'DOMALL' }));

    const listed = (await ctx.services.consoleDiscounts.page({ kind: 'standard', page_size: 100 }, [mine.id])).items.map((item) => item.id);
    expect(listed).toEqual(expect.arrayContaining([ours.id, shared.id]));
    expect(listed).not.toContain(other.id);
    expect(listed).not.toContain(theirMembers.id);

    expect(await codeOf(ctx.services.consoleDiscounts.disable(limited, other.id))).toBe('not_found');
    expect(await codeOf(ctx.services.consoleDiscounts.disable(limited, theirMembers.id))).toBe('not_found');
    expect(await codeOf(ctx.services.consoleDiscounts.disable(limited, shared.id))).toBe('staff_sites_limited');
    expect(await codeOf(ctx.services.consoleDiscounts.create(limited, input({ code: 'DOMNEWALL' })))).toBe('staff_sites_limited');
    const outside = await failure(ctx.services.consoleDiscounts.create(limited, input({ code: 'DOMNEWOTHER', site_id: theirs.id, user_id: theirMember.id })));
    expect(outside.fields).toEqual([
      { field: 'body.site_id', code: 'discount_site_unknown' },
      { field: 'body.user_id', code: 'discount_member_unknown' },
    ]);
    expect((await ctx.services.consoleDiscounts.create(limited, input({ code: 'DOMNEWMEMBER', user_id: ourMember.id }))).user_id).toBe(ourMember.id);
    expect((await ctx.services.consoleDiscounts.disable(limited, ours.id)).status).toBe('inactive');
    const statuses = (await ctx.services.consoleDiscounts.page({ kind: 'standard', page_size: 100 }, EVERY_SITE)).items
      .filter((item) => [other.id, shared.id, theirMembers.id].includes(item.id))
      .map((item) => item.status);
    expect(statuses).toEqual(['active', 'active', 'active']);
  });
});

describe('the audit log', () => {
  it('shows limited staff their own rows and the rows about their sites only', async () => {
    const edit = async (site: SiteRow) => {
      const { version } = await ctx.services.siteAdmin.get(site.id, EVERY_SITE);
      await ctx.services.siteAdmin.update(SYSTEM_ACTOR, site.id, { version, mail_name: `Mail ${site.id}` });
    };
    await edit(mine);
    await edit(theirs);
    const viewer = { staffId: limited.id, sites: [mine.id] };
    const about = async (site: SiteRow, reader: AuditViewer = viewer) =>
      ctx.services.audit.consolePage(reader, { targetType: 'site', targetId: String(site.id) }).then((rows) => rows.length);
    expect(await about(mine)).toBeGreaterThan(0);
    expect(await about(theirs)).toBe(0);
    expect(await about(theirs, { staffId: null, sites: EVERY_SITE })).toBeGreaterThan(0);

    // Their own rows show even when they are about no one site; others' such rows do not.
    const own = await ctx.services.audit.consolePage(viewer, { staffId: limited.id! });
    expect(own.length).toBeGreaterThan(0);
    expect(await ctx.services.audit.consolePage(viewer, { targetType: 'staff' })).toEqual([]);
    const member = await createVisibleMember(ctx, theirs);
    await ctx.services.membersAdmin.ban(SYSTEM_ACTOR, member.id, 'spam');
    expect(await ctx.services.audit.consolePage(viewer, { targetType: 'member', targetId: String(member.id) })).toEqual([]);
    const theirSide = await ctx.services.audit.consolePage({ staffId: null, sites: [theirs.id] }, { targetType: 'member', targetId: String(member.id) });
    expect(theirSide.length).toBeGreaterThan(0);
  });
});

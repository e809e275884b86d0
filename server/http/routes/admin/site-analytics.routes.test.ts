import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';

/** A site's tag manager and Clarity ids (issue 18): edited in the console, shown to pages, admitted by the CSP. */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext({ pages: true });
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  admin = await createStaffMember(ctx, 'admin');
});
afterAll(() => ctx.close());

const edit = (siteId: number, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/admin/sites/${siteId}`, cookies: admin.cookies, payload });

describe('a site’s analytics ids', () => {
  it('refuses ids in another format, naming each field, and changes nothing', async () => {
    const site = await createSite(ctx.db, { domain: 'ids-refused.test' });
    const response = await edit(site.id, { version: 1, tag_manager_id: 'UA-12345-1', clarity_id: 'has space' });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .fields.map((field: { field: string }) => field.field)
        .sort(),
    ).toEqual(['body.clarity_id', 'body.tag_manager_id']);
    expect((await ctx.app.inject({ url: `/api/admin/sites/${site.id}`, cookies: admin.cookies })).json()).toMatchObject({
      version: 1,
      tag_manager_id: '',
      clarity_id: '',
    });
  });

  it('saves them normalised and audited, hands them to pages, and the page CSP admits exactly their origins', async () => {
    const site = await createSite(ctx.db, { domain: 'ids.test' });
    const page = async () => ctx.app.inject({ url: '/pricing', headers: { host: 'ids.test' } });
    const before = (await page()).headers['content-security-policy'] as string;
    expect(before).not.toMatch(/googletagmanager|clarity/);

    const saved = await edit(site.id, { version: 1, tag_manager_id: ' gtm-ab12cd3 ', clarity_id: 'ABC123defg' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ tag_manager_id: 'GTM-AB12CD3', clarity_id: 'abc123defg' });
    const [entry] = await ctx.services.audit.page({ targetType: 'site', targetId: String(site.id) });
    expect(entry).toMatchObject({ action: 'site.update' });
    expect(entry!.diff).toMatchObject({ before: { tag_manager_id: '', clarity_id: '' }, after: { tag_manager_id: 'GTM-AB12CD3', clarity_id: 'abc123defg' } });

    const settings = (await ctx.app.inject({ url: '/api/settings.php', headers: { host: 'ids.test' } })).json();
    expect(settings).toMatchObject({ tag_manager_id: 'GTM-AB12CD3', clarity_id: 'abc123defg' });
    const csp = (await page()).headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.clarity\.ms/);

    // Cleared: nothing to load, nothing admitted.
    expect((await edit(site.id, { version: 2, tag_manager_id: '', clarity_id: '' })).statusCode).toBe(200);
    expect((await page()).headers['content-security-policy']).not.toMatch(/googletagmanager|clarity/);
  });
});

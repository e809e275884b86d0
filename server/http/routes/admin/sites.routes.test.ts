import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { EVERY_SITE } from '../../../domain/staff/site-scope';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  admin = await createStaffMember(ctx, 'admin');
});
afterAll(() => ctx.close());

describe('the site list and one site', () => {
  it('pages, sorts and filters by name, domain (aliases too) and status', async () => {
    const tag = `list${Date.now()}`;
    for (const name of ['Charlie', 'Alpha', 'Bravo'])
      await createSite(ctx.db, {
        name: `${name} ${tag}`,
        domain: `${name.toLowerCase()}.${tag}.example`,
        domainAliases: [`m.${name.toLowerCase()}.${tag}.example`],
      });
    const page = (await ctx.app.inject({ url: `/api/admin/sites?name=${tag}&sort=name&dir=asc&page_size=25`, cookies: admin.cookies })).json();
    expect(page.items.map((item: { name: string }) => item.name)).toEqual([`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`]);
    expect(page).toMatchObject({ page: 1, page_size: 25, has_more: false });
    expect(page.items[0]).toMatchObject({ status: 'active', url: expect.stringContaining(`alpha.${tag}.example`) });
    const byAlias = (await ctx.app.inject({ url: `/api/admin/sites?domain=m.bravo.${tag}`, cookies: admin.cookies })).json();
    expect(byAlias.items.map((item: { name: string }) => item.name)).toEqual([`Bravo ${tag}`]);
    expect((await ctx.app.inject({ url: `/api/admin/sites?name=${tag}&status=disabled`, cookies: admin.cookies })).json().items).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/admin/sites?sort=password', cookies: admin.cookies })).statusCode).toBe(400);
  });

  it('shows every setting of a site, and 404 for one that does not exist', async () => {
    const site = await createSite(ctx.db, { minimumMessageCosts: { NL: { costs: 12, currency: 'EUR' } } });
    const shown = (await ctx.app.inject({ url: `/api/admin/sites/${site.id}`, cookies: admin.cookies })).json();
    expect(shown).toMatchObject({
      id: site.id,
      version: 1,
      status: 'active',
      countries: ['NL', 'DE', 'GB'],
      minimum_message_costs: { NL: { costs: 12, currency: 'EUR' } },
      company_vat_numbers: ['NL123456789B01'],
    });
    expect((await ctx.app.inject({ url: '/api/admin/sites/999999', cookies: admin.cookies })).statusCode).toBe(404);
  });
});

describe('editing a site over HTTP', () => {
  it('validates every setting with a problem per field and changes nothing', async () => {
    const site = await createSite(ctx.db);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/sites/${site.id}`,
      cookies: admin.cookies,
      payload: {
        version: 1,
        niche: 9,
        countries: [],
        support_email: 'nope',
        company_vat_numbers: ['12'],
        minimum_message_costs: { NL: { costs: 5, currency: 'XYZ' } },
        domain_aliases: ['not a host'],
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('validation_failed');
    expect(body.fields.map((field: { field: string }) => field.field).sort()).toEqual(
      [
        'body.company_vat_numbers.0',
        'body.countries',
        'body.domain_aliases.0',
        'body.minimum_message_costs.NL.currency',
        'body.niche',
        'body.support_email',
      ].sort(),
    );
    expect((await ctx.services.siteAdmin.get(site.id, EVERY_SITE)).version).toBe(1);
  });

  it('saves with the version read, answers 409 with a clear message to a stale one, and refuses a host another site has', async () => {
    const site = await createSite(ctx.db);
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/sites/${site.id}`,
      cookies: admin.cookies,
      payload: { version: 1, refund_days: 30, company_vat_numbers: ['nl123456789b01'] },
    });
    expect(saved.json()).toMatchObject({ version: 2, refund_days: 30, company_vat_numbers: ['NL123456789B01'] });
    const stale = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/sites/${site.id}`,
      cookies: admin.cookies,
      payload: { version: 1, refund_days: 7 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'version_conflict',
      message: 'Someone else changed this in the meantime. Reload to see their change, then try again.',
    });
    const clash = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/sites/${site.id}`,
      cookies: admin.cookies,
      payload: { version: 2, domain_aliases: [ctx.config.defaultSiteDomain] },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      error: 'site_host_taken',
      message: `Another site already answers to ${ctx.config.defaultSiteDomain}. Choose another host name.`,
      fields: [{ field: 'body.domain_aliases' }],
    });
  });

  it('creates a site (201) that answers on its domain and its alias at once', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/sites',
      cookies: admin.cookies,
      payload: {
        name: 'Harbour Hearts',
        domain: 'HarbourHearts.example',
        domain_aliases: ['www.harbourhearts.example'],
        domain_language: 'nl-NL',
        countries: ['NL', 'BE'],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ domain: 'harbourhearts.example', version: 1, countries: ['NL', 'BE'] });
    const settings = await ctx.app.inject({ url: '/api/settings.php', headers: { host: 'www.harbourhearts.example' } });
    expect(settings.json()).toMatchObject({ name: 'Harbour Hearts', domain: 'harbourhearts.example' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/sites',
          cookies: admin.cookies,
          payload: { name: 'Copy', domain: 'www.harbourhearts.example' },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('a disabled site answers its hosts with a "not available" page and serves no member, but the console and webhooks go on', async () => {
    const site = await createSite(ctx.db, { name: 'Sleepy', domainAliases: ['alias.sleepy.example'] });
    const disabled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/sites/${site.id}`,
      cookies: admin.cookies,
      payload: { version: 1, status: 'disabled' },
    });
    expect(disabled.json().status).toBe('disabled');
    for (const host of [site.domain, 'alias.sleepy.example']) {
      const page = await ctx.app.inject({ url: '/', headers: { host, 'accept-language': 'de' } });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('Diese Website ist derzeit nicht verfügbar.');
      expect(page.body).toContain('<h1>Sleepy</h1>');
    }
    const api = await ctx.app.inject({ url: '/api/settings.php', headers: { host: site.domain } });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual({ error: 'site_unavailable', message: 'This site is not available at the moment.' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: site.domain },
      payload: { email: 'a@b.example', password: 'x' },
    });
    expect(login.statusCode).toBe(503);
    expect((await ctx.app.inject({ url: `/api/admin/sites/${site.id}`, headers: { host: site.domain }, cookies: admin.cookies })).statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/payment-webhook.php?provider=demo',
          headers: { host: site.domain, 'content-type': 'application/json' },
          payload: '{}',
        })
      ).statusCode,
    ).not.toBe(503);

    await ctx.app.inject({ method: 'PATCH', url: `/api/admin/sites/${site.id}`, cookies: admin.cookies, payload: { version: 2, status: 'active' } });
    expect((await ctx.app.inject({ url: '/api/settings.php', headers: { host: site.domain } })).statusCode).toBe(200);
  });
});

describe('settings per country reach members', () => {
  it('region words and payment methods per payment country', async () => {
    const site = await createSite(ctx.db, { countries: ['NL', 'DE'] });
    const member = await createVisibleMember(ctx, site, { country: 'NL' });
    const cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
    const before = (await ctx.app.inject({ url: '/api/orders.php', headers: { host: site.domain }, cookies })).json().payment_methods;
    expect(before.length).toBeGreaterThan(1);
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/sites/${site.id}`,
      cookies: admin.cookies,
      payload: { version: 1, region_words: { NL: 'region' }, payment_methods_by_country: { NL: [before[0]] } },
    });
    expect(saved.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/regions.php?country=NL', headers: { host: site.domain } })).json().region_word).toBe('region');
    expect((await ctx.app.inject({ url: '/api/settings.php', headers: { host: site.domain } })).json().region_data).toEqual({
      NL: { region_word: 'region' },
      DE: { region_word: 'state' },
    });
    expect((await ctx.app.inject({ url: '/api/orders.php', headers: { host: site.domain }, cookies })).json().payment_methods).toEqual([before[0]]);
  });
});

describe('bundles over HTTP', () => {
  it('a new price shows in the member’s bundle list at once', async () => {
    const site = await createSite(ctx.db);
    const member = await createVisibleMember(ctx, site, { country: 'NL' });
    const cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
    const bundlesOf = async () => (await ctx.app.inject({ url: '/api/orders.php', headers: { host: site.domain }, cookies })).json().bundles;
    const [first] = await bundlesOf();
    const listed = (await ctx.app.inject({ url: `/api/admin/sites/${site.id}/bundles`, cookies: admin.cookies })).json().bundles;
    const bundle = listed.find((candidate: { id: number }) => candidate.id === first.id);
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/sites/${site.id}/bundles/${bundle.id}`,
      cookies: admin.cookies,
      payload: { version: bundle.version, prices: { ...bundle.prices, '*': { currency: 'EUR', amount: 1234 } } },
    });
    expect(changed.json()).toMatchObject({ version: bundle.version + 1, prices: { '*': { currency: 'EUR', amount: 1234 } } });
    expect((await bundlesOf())[0].price).toMatchObject({ amount: 1234, currency: 'EUR' });

    const noFallback = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sites/${site.id}/bundles`,
      cookies: admin.cookies,
      payload: { credits: 10, prices: { NL: { currency: 'EUR', amount: 100 } } },
    });
    expect(noFallback.statusCode).toBe(400);
    expect(noFallback.json().fields.map((field: { field: string }) => field.field)).toEqual(['body.prices.*']);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sites/${site.id}/bundles`,
      cookies: admin.cookies,
      payload: { credits: 10, prices: { '*': { currency: 'EUR', amount: 100 } }, sort_order: 99 },
    });
    expect(created.statusCode).toBe(201);
  });
});

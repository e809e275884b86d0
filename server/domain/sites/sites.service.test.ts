import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createSitesRepository } from '../../db/repositories/sites.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('sites.resolveSite', () => {
  it('finds the site by its domain', async () => {
    const site = await createSite(ctx.db, { domain: 'lovely.test' });
    expect((await ctx.services.sites.resolveSite('lovely.test')).id).toBe(site.id);
  });

  it('falls back to the default site for an unknown host', async () => {
    const fallback = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
    expect((await ctx.services.sites.resolveSite('unknown.example')).id).toBe(fallback.id);
    expect((await ctx.services.sites.resolveSite('')).id).toBe(fallback.id);
  });

  it('serves cached rows until the cache time has passed', async () => {
    const site = await createSite(ctx.db, { domain: 'cached.test', name: 'Before' });
    await ctx.services.sites.resolveSite('cached.test');
    await createSitesRepository(ctx.db).update(site.id, { name: 'After' });
    expect((await ctx.services.sites.resolveSite('cached.test')).name).toBe('Before');
    ctx.clock.advance(31_000);
    expect((await ctx.services.sites.resolveSite('cached.test')).name).toBe('After');
  });
});

describe('sites.toPublicSettings', () => {
  it('selects the visitor country when the site serves it, else its first country', async () => {
    const site = await createSite(ctx.db, { countries: ['DE', 'AT'] });
    expect(ctx.services.sites.toPublicSettings(site, { country: 'AT' })).toMatchObject({
      geoip_country: 'AT',
      geoip_selected_country: 'AT',
    });
    expect(ctx.services.sites.toPublicSettings(site, { country: 'FR' })).toMatchObject({
      geoip_country: 'FR',
      geoip_selected_country: 'DE',
    });
  });

  it('gives each served country its region word and never leaks server-only settings', async () => {
    const site = await createSite(ctx.db, { countries: ['CH', 'US'], freeMessages: 7 });
    const settings = ctx.services.sites.toPublicSettings(site, { country: null });
    expect(settings.region_data).toEqual({ CH: { region_word: 'canton' }, US: { region_word: 'state' } });
    expect(JSON.stringify(settings)).not.toContain('free_messages');
    expect(settings.push_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });
});

describe('sites.toCompanyInfo', () => {
  it('answers with the fields the spec names', async () => {
    const site = await createSite(ctx.db, { deleteDiscount: 30 });
    expect(ctx.services.sites.toCompanyInfo(site)).toEqual({
      name: 'Test Dating B.V.',
      address: 'Damrak 1',
      kvk: '12345678',
      city: 'Amsterdam',
      country: 'Netherlands',
      tradenames: ['Test Site'],
      vat_numbers: ['NL123456789B01'],
      support_phone: '+31 20-555 12 34',
      delete_discount: 30,
      added: '2022-05-01T00:00:00.000Z',
    });
  });
});

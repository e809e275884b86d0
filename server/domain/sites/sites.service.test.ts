import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createSitesRepository, type SitesRepository } from '../../db/repositories/sites.repository';
import { createManualClock } from '../shared/clock';
import { createSitesService } from './sites.service';

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

describe('sites.cachedSite', () => {
  it('answers without a query only what resolveSite would answer from its cache', async () => {
    await createSite(ctx.db, { domain: 'quick.test', name: 'Quick' });
    await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain }).catch(() => undefined);
    const clock = createManualClock();
    const service = createSitesService({ sites: createSitesRepository(ctx.db), defaultDomain: ctx.config.defaultSiteDomain, pushPublicKey: 'k', clock });
    expect(service.cachedSite('quick.test')).toBeUndefined();
    await service.resolveSite('quick.test');
    expect(service.cachedSite('quick.test')?.name).toBe('Quick');

    // An unknown host: undefined until both it and the default site are cached, then the default site.
    expect(service.cachedSite('nobody.example')).toBeUndefined();
    const fallback = await service.resolveSite('nobody.example');
    expect(service.cachedSite('nobody.example')?.id).toBe(fallback.id);
    expect(service.cachedSite('')?.id).toBe(fallback.id);

    clock.advance(31_000);
    expect(service.cachedSite('quick.test')).toBeUndefined();
    await service.resolveSite('quick.test');
    service.invalidate();
    expect(service.cachedSite('quick.test')).toBeUndefined();
  });
});

describe('sites cache under load', () => {
  /** A sites service on the test database that counts its queries and can be made to fail. */
  function countingService() {
    const real = createSitesRepository(ctx.db);
    const counts = { queries: 0, failNext: false, hold: null as Promise<void> | null };
    const repository: SitesRepository = {
      ...real,
      findByDomain: async (domain) => {
        counts.queries += 1;
        if (counts.failNext) {
          counts.failNext = false;
          throw new Error('database unavailable');
        }
        const row = await real.findByDomain(domain);
        await counts.hold;
        return row;
      },
    };
    const clock = createManualClock();
    const service = createSitesService({ sites: repository, defaultDomain: ctx.config.defaultSiteDomain, pushPublicKey: 'k', clock, cacheTtlMs: 30_000 });
    return { service, counts, clock };
  }

  it('loads an expired row with one query, however many requests ask for it at once', async () => {
    await createSite(ctx.db, { domain: 'busy.test', name: 'Busy' });
    const { service, counts, clock } = countingService();
    await service.resolveSite('busy.test');
    clock.advance(31_000);
    const sites = await Promise.all(Array.from({ length: 50 }, () => service.resolveSite('busy.test')));
    expect(sites.every((site) => site.name === 'Busy')).toBe(true);
    expect(counts.queries).toBe(2);
  });

  it('refreshes a row late in its time in the background, answering with the cached one meanwhile', async () => {
    const site = await createSite(ctx.db, { domain: 'ahead.test', name: 'Before' });
    const { service, counts, clock } = countingService();
    await service.resolveSite('ahead.test');
    await createSitesRepository(ctx.db).update(site.id, { name: 'After' });

    clock.advance(20_000);
    expect((await service.resolveSite('ahead.test')).name).toBe('Before');
    expect(counts.queries).toBe(1);

    clock.advance(3_000);
    // Past three quarters of its time: still answered at once from the cache, and refreshed.
    expect((await service.resolveSite('ahead.test')).name).toBe('Before');
    expect((await Promise.all([service.resolveSite('ahead.test'), service.resolveSite('ahead.test')])).map((row) => row.name)).toEqual(['Before', 'Before']);
    await vi.waitFor(() => expect(counts.queries).toBe(2));
    await vi.waitFor(async () => expect((await service.resolveSite('ahead.test')).name).toBe('After'));
    expect(counts.queries).toBe(2);
  });

  it('does not keep a failed load: the request fails, and the next one loads the row', async () => {
    await createSite(ctx.db, { domain: 'flaky.test', name: 'Flaky' });
    const { service, counts } = countingService();
    counts.failNext = true;
    await expect(service.resolveSite('flaky.test')).rejects.toThrow('database unavailable');
    expect((await service.resolveSite('flaky.test')).name).toBe('Flaky');
    expect(counts.queries).toBe(2);
  });

  it('does not let a load that started before an invalidation put its row back', async () => {
    const site = await createSite(ctx.db, { domain: 'edited.test', name: 'Before' });
    const { service, counts } = countingService();
    let release = () => {};
    counts.hold = new Promise((resolve) => (release = resolve));
    const early = service.resolveSite('edited.test');
    await vi.waitFor(() => expect(counts.queries).toBe(1));
    // The operator edits the site while that query is still on its way back.
    await createSitesRepository(ctx.db).update(site.id, { name: 'After' });
    service.invalidate();
    release();
    counts.hold = null;
    expect((await early).name).toBe('Before');
    expect((await service.resolveSite('edited.test')).name).toBe('After');
  });

  it('keeps answering with the cached row when a background refresh fails', async () => {
    await createSite(ctx.db, { domain: 'steady.test', name: 'Steady' });
    const { service, counts, clock } = countingService();
    await service.resolveSite('steady.test');
    clock.advance(25_000);
    counts.failNext = true;
    expect((await service.resolveSite('steady.test')).name).toBe('Steady');
    await vi.waitFor(() => expect(counts.queries).toBe(2));
    expect((await service.resolveSite('steady.test')).name).toBe('Steady');
  });
});

describe('sites.toPublicSettings', () => {
  it('selects the visitor country when the site serves it, else its first country', async () => {
    const site = await createSite(ctx.db, { countries: ['DE', 'AT'] });
    expect(ctx.services.sites.toPublicSettings(site, { country: 'AT' }, 'en')).toMatchObject({
      geoip_country: 'AT',
      geoip_selected_country: 'AT',
    });
    expect(ctx.services.sites.toPublicSettings(site, { country: 'FR' }, 'en')).toMatchObject({
      geoip_country: 'FR',
      geoip_selected_country: 'DE',
    });
  });

  it('gives each served country its region word and never leaks server-only settings', async () => {
    const site = await createSite(ctx.db, { countries: ['CH', 'US'], freeMessages: 7 });
    const settings = ctx.services.sites.toPublicSettings(site, { country: null }, 'en');
    expect(settings.region_data).toEqual({ CH: { region_word: 'canton' }, US: { region_word: 'state' } });
    expect(JSON.stringify(settings)).not.toContain('free_messages');
    expect(settings.push_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });
  it('is built once per site row, language and visitor country, frozen, and again for an edited row', async () => {
    const site = await createSite(ctx.db, {
      countries: ['DE', 'AT'],
      indexTitle: 'Dating for adults',
      localizedTexts: { de: { index_title: 'Dating für Erwachsene' } },
    });
    const sites = ctx.services.sites;
    const first = sites.toPublicSettings(site, { country: 'AT' }, 'en');
    expect(sites.toPublicSettings(site, { country: 'AT' }, 'en')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(sites.toPublicSettings(site, { country: 'DE' }, 'en')).toMatchObject({ geoip_country: 'DE', index_title: 'Dating for adults' });
    expect(sites.toPublicSettings(site, { country: 'AT' }, 'de')).toMatchObject({ geoip_country: 'AT', index_title: 'Dating für Erwachsene' });
    expect(sites.toPublicSettings(site, { country: null }, 'en').geoip_country).toBeNull();
    // A refreshed or edited row is a new object: its settings are worked out from it.
    const edited = { ...site, name: 'Renamed' };
    expect(sites.toPublicSettings(edited, { country: 'AT' }, 'en')).toMatchObject({ name: 'Renamed', geoip_country: 'AT' });
    expect(sites.toPublicSettings(site, { country: 'AT' }, 'en').name).toBe(site.name);
  });
});

describe('sites.publicSettingsBody', () => {
  it('is toPublicSettings as JSON bytes, per visitor country', async () => {
    const site = await createSite(ctx.db, { countries: ['DE', 'AT'] });
    for (const country of ['AT', 'FR', null]) {
      expect(JSON.parse(ctx.services.sites.publicSettingsBody(site, { country }, 'en').toString('utf8'))).toEqual(
        JSON.parse(JSON.stringify(ctx.services.sites.toPublicSettings(site, { country }, 'en'))),
      );
    }
    // Asked again for the first country after the others: still that country's answer.
    expect(JSON.parse(ctx.services.sites.publicSettingsBody(site, { country: 'AT' }, 'en').toString('utf8')).geoip_selected_country).toBe('AT');
  });

  it('is kept per language too: each page language gets the operator’s texts in it', async () => {
    const site = await createSite(ctx.db, { indexTitle: 'Dating for adults', localizedTexts: { de: { index_title: 'Dating für Erwachsene' } } });
    expect(JSON.parse(ctx.services.sites.publicSettingsBody(site, { country: 'DE' }, 'en').toString('utf8')).index_title).toBe('Dating for adults');
    expect(JSON.parse(ctx.services.sites.publicSettingsBody(site, { country: 'DE' }, 'de').toString('utf8')).index_title).toBe('Dating für Erwachsene');
    expect(JSON.parse(ctx.services.sites.publicSettingsBody(site, { country: 'DE' }, 'en').toString('utf8')).index_title).toBe('Dating for adults');
  });

  it('follows the row: an edited site, once its cached row expires, answers with the edit', async () => {
    const site = await createSite(ctx.db, { domain: 'edited-settings.test', name: 'Before' });
    const before = await ctx.services.sites.resolveSite('edited-settings.test');
    expect(JSON.parse(ctx.services.sites.publicSettingsBody(before, { country: null }, 'en').toString('utf8')).name).toBe('Before');
    await createSitesRepository(ctx.db).update(site.id, { name: 'After' });
    ctx.clock.advance(31_000);
    const after = await ctx.services.sites.resolveSite('edited-settings.test');
    expect(JSON.parse(ctx.services.sites.publicSettingsBody(after, { country: null }, 'en').toString('utf8')).name).toBe('After');
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

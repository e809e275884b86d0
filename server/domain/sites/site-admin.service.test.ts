import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { testEnv } from '../../../tests/setup/test-env';
import { createSitesRepository } from '../../db/repositories/sites.repository';
import { createMemorySiteChangeBus, createRedisSiteChangeBus, type SiteChangeBus } from '../../realtime/site-change-bus';
import type { StaffActor } from '../audit/audit.service';
import { isAppError } from '../shared/app-error';
import { EVERY_SITE } from '../staff/site-scope';
import { createSitesService } from './sites.service';

let ctx: TestContext;
const admin: StaffActor = { id: null, email: 'admin@ops.example', role: 'admin', ip: '203.0.113.9' };

beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

const auditOf = (targetType: string, targetId: number) => ctx.services.audit.page({ targetType, targetId: String(targetId) });

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, fields: error.fields.map((field) => field.field) };
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe('creating and editing a site', () => {
  it('creates a site with defaults for what was not given, audited in the same write', async () => {
    const site = await ctx.services.siteAdmin.create(admin, {
      name: 'Moonlight',
      domain: 'moonlight.example',
      domain_aliases: ['www.moonlight.example'],
      niche: 3,
    });
    expect(site).toMatchObject({
      name: 'Moonlight',
      domain: 'moonlight.example',
      domainAliases: ['www.moonlight.example'],
      niche: 3,
      status: 'active',
      version: 1,
      messageCredits: 10,
    });
    const [entry] = await auditOf('site', site.id);
    expect(entry).toMatchObject({ action: 'site.create', staffEmail: 'admin@ops.example', role: 'admin', ip: '203.0.113.9' });
    expect(entry.diff.after).toMatchObject({ name: 'Moonlight', domain: 'moonlight.example', niche: 3, status: 'active' });
  });

  it('keeps every host on one site: a domain or alias another site answers to is refused and nothing is written', async () => {
    const taken = await createSite(ctx.db, { domain: 'taken.example', domainAliases: ['alias.taken.example'] });
    expect(await codeOf(ctx.services.siteAdmin.create(admin, { name: 'Copy', domain: 'alias.taken.example' }))).toEqual({
      code: 'site_host_taken',
      fields: ['body.domain'],
    });
    expect(await codeOf(ctx.services.siteAdmin.create(admin, { name: 'Copy', domain: 'fresh.example', domain_aliases: ['taken.example'] }))).toEqual({
      code: 'site_host_taken',
      fields: ['body.domain_aliases'],
    });
    expect(await codeOf(ctx.services.siteAdmin.create(admin, { name: 'Copy', domain: 'self.example', domain_aliases: ['self.example'] }))).toEqual({
      code: 'site_host_taken',
      fields: ['body.domain_aliases'],
    });
    expect(await createSitesRepository(ctx.db).findByDomain('fresh.example')).toBeNull();

    const other = await createSite(ctx.db);
    expect(await codeOf(ctx.services.siteAdmin.update(admin, other.id, { version: other.version, domain_aliases: ['alias.taken.example'] }))).toEqual({
      code: 'site_host_taken',
      fields: ['body.domain_aliases'],
    });
    expect(await auditOf('site', other.id)).toEqual([]);
    // A site keeps its own hosts when it saves them again.
    const same = await ctx.services.siteAdmin.update(admin, taken.id, {
      version: taken.version,
      domain: 'taken.example',
      domain_aliases: ['alias.taken.example', 'm.taken.example'],
    });
    expect(same.domainAliases).toEqual(['alias.taken.example', 'm.taken.example']);
  });

  it('refuses an edit made from an older version (409) and leaves the newer one in place', async () => {
    const site = await createSite(ctx.db, { messageCredits: 10 });
    const first = await ctx.services.siteAdmin.update(admin, site.id, { version: 1, message_credits: 12 });
    expect(first).toMatchObject({ version: 2, messageCredits: 12 });
    expect(first.updatedAt.getTime()).toBe(ctx.clock.now().getTime());
    expect(await codeOf(ctx.services.siteAdmin.update(admin, site.id, { version: 1, message_credits: 99 }))).toEqual({ code: 'version_conflict', fields: [] });
    expect((await ctx.services.siteAdmin.get(site.id, EVERY_SITE)).messageCredits).toBe(12);
    const entries = await auditOf('site', site.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'site.update', diff: { before: { message_credits: 10 }, after: { message_credits: 12 } } });
  });

  it('audits disabling and enabling under their own actions', async () => {
    const site = await createSite(ctx.db);
    const disabled = await ctx.services.siteAdmin.update(admin, site.id, { version: 1, status: 'disabled' });
    await ctx.services.siteAdmin.update(admin, site.id, { version: disabled.version, status: 'active' });
    expect((await auditOf('site', site.id)).map((entry) => [entry.action, entry.diff.after])).toEqual([
      ['site.enable', { status: 'active' }],
      ['site.disable', { status: 'disabled' }],
    ]);
  });

  it('stores Markdown pages with plain paragraphs beside them, and shows seeded paragraph pages as Markdown', async () => {
    const site = await createSite(ctx.db, { customPages: { old: { title: 'Old', body: ['One.', 'Two.'] } } });
    expect((await ctx.services.siteAdmin.get(site.id, EVERY_SITE)).customPages.old).toEqual({ title: 'Old', body: ['One.', 'Two.'] });
    const saved = await ctx.services.siteAdmin.update(admin, site.id, {
      version: 1,
      custom_pages: { faq: { title: 'FAQ', markdown: '# Questions\n\n**Bold** answer.\n\n<script>alert(1)</script>' } },
      localized_texts: { de: { index_title: 'Hallo', custom_pages: { faq: { title: 'Fragen', markdown: 'Antwort.' } } } },
    });
    expect(saved.customPages).toEqual({
      faq: {
        title: 'FAQ',
        markdown: '# Questions\n\n**Bold** answer.\n\n<script>alert(1)</script>',
        body: ['# Questions', '**Bold** answer.', '<script>alert(1)</script>'],
      },
    });
    expect(saved.localizedTexts.de).toEqual({ index_title: 'Hallo', custom_pages: { faq: { title: 'Fragen', markdown: 'Antwort.', body: ['Antwort.'] } } });
  });
});

describe('credit bundles', () => {
  it('adds and edits a bundle with its prices per country, 409 for a stale version, an audit row per write', async () => {
    const site = await createSite(ctx.db);
    const bundle = await ctx.services.siteAdmin.createBundle(admin, site.id, {
      credits: 40,
      prices: { '*': { currency: 'EUR', amount: 999 }, GB: { currency: 'GBP', amount: 899 } },
    });
    expect(bundle).toMatchObject({ credits: 40, version: 1, active: true });
    const changed = await ctx.services.siteAdmin.updateBundle(admin, site.id, bundle.id, {
      version: 1,
      prices: { '*': { currency: 'EUR', amount: 1099 }, GB: { currency: 'GBP', amount: 899 } },
    });
    expect(changed.version).toBe(2);
    expect(await codeOf(ctx.services.siteAdmin.updateBundle(admin, site.id, bundle.id, { version: 1, active: false }))).toEqual({
      code: 'version_conflict',
      fields: [],
    });
    // Another site's bundle is not found through this site.
    const other = await createSite(ctx.db);
    expect(await codeOf(ctx.services.siteAdmin.updateBundle(admin, other.id, bundle.id, { version: 2, active: false }))).toEqual({
      code: 'not_found',
      fields: [],
    });
    const entries = await auditOf('credit_bundle', bundle.id);
    expect(entries.map((entry) => entry.action)).toEqual(['site.bundle.update', 'site.bundle.create']);
    expect(entries[0].diff).toEqual({
      before: { version: 1, prices: { '*': { currency: 'EUR', amount: 999 }, GB: { currency: 'GBP', amount: 899 } } },
      after: { version: 2, prices: { '*': { currency: 'EUR', amount: 1099 }, GB: { currency: 'GBP', amount: 899 } } },
    });
  });
});

describe('a change reaches every instance at once', () => {
  /** Two app instances on one database: each with its own site cache, both listening to `bus`. */
  function twoInstances(busOf: () => SiteChangeBus) {
    return [0, 1].map(() => {
      const bus = busOf();
      const sites = createSitesService({
        sites: createSitesRepository(ctx.db),
        defaultDomain: ctx.config.defaultSiteDomain,
        pushPublicKey: 'k',
        clock: ctx.clock,
        cacheTtlMs: 3_600_000,
      });
      bus.subscribe(() => sites.invalidate());
      return { bus, sites };
    });
  }

  async function editOnOneSeenOnBoth(instances: { bus: SiteChangeBus; sites: ReturnType<typeof createSitesService> }[], domain: string) {
    const site = await createSite(ctx.db, { domain, name: 'Before' });
    for (const instance of instances) expect((await instance.sites.resolveSite(domain)).name).toBe('Before');
    const { createSiteAdminService } = await import('./site-admin.service');
    const service = createSiteAdminService({ db: ctx.db, audit: ctx.services.audit, clock: ctx.clock, changes: instances[0].bus });
    await service.update(admin, site.id, { version: 1, name: 'After', domain_aliases: [`alias.${domain}`] });
    for (const instance of instances) {
      await vi.waitFor(async () => expect((await instance.sites.resolveSite(domain)).name).toBe('After'), { timeout: 2000 });
      expect((await instance.sites.resolveSite(`alias.${domain}`)).id).toBe(site.id);
    }
  }

  it('in one process', async () => {
    const bus = createMemorySiteChangeBus();
    await editOnOneSeenOnBoth(
      twoInstances(() => bus),
      'memory-bus.example',
    );
  });

  it.skipIf(!testEnv.redisUrl)('over Redis', async () => {
    const channel = `rdv-test:sites:${process.pid}:${Date.now()}`;
    const instances = twoInstances(() => createRedisSiteChangeBus(testEnv.redisUrl!, { channel }));
    await Promise.all(instances.map((instance) => instance.bus.ready()));
    try {
      await editOnOneSeenOnBoth(instances, 'redis-bus.example');
    } finally {
      await Promise.all(instances.map((instance) => instance.bus.close()));
    }
  });

  it('the app wires it: an edit through the console service drops the app’s own cached row', async () => {
    const site = await createSite(ctx.db, { name: 'Cached' });
    expect((await ctx.services.sites.resolveSite(site.domain)).name).toBe('Cached');
    await ctx.services.siteAdmin.update(admin, site.id, { version: 1, name: 'Fresh' });
    expect((await ctx.services.sites.resolveSite(site.domain)).name).toBe('Fresh');
  });
});

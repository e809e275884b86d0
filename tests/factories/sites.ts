import { createSitesRepository } from '../../server/db/repositories/sites.repository';
import { insertDefaultBundles } from '../../server/seed/demo-bundles';
import type { Database } from '../../server/db/client';
import type { NewSiteRow, SiteRow } from '../../server/db/schema/index';

let counter = 0;

/** A site with realistic company facts and the default credit bundles; every call gets its own domain unless given one. */
export async function createSite(db: Database, overrides: Partial<NewSiteRow> = {}): Promise<SiteRow> {
  counter += 1;
  const site = await createSitesRepository(db).insert({
    domain: `site${counter}-${Date.now()}.test`,
    name: `Test Site ${counter}`,
    domainLanguage: 'en-US',
    countries: ['NL', 'DE', 'GB'],
    supportEmail: 'help@site.test',
    supportPhone: '+31 20-555 12 34',
    companyName: 'Test Dating B.V.',
    companyAddress: 'Damrak 1',
    companyCity: 'Amsterdam',
    companyCountry: 'Netherlands',
    companyKvk: '12345678',
    companyVatNumbers: ['NL123456789B01'],
    companyTradenames: ['Test Site'],
    companyAdded: new Date('2022-05-01T00:00:00Z'),
    ...overrides,
  });
  await insertDefaultBundles(db, site.id);
  return site;
}

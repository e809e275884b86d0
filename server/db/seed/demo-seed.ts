import type { Services } from '../../services';
import { createSitesRepository } from '../repositories/sites.repository';
import { insertDefaultBundles } from './demo-bundles';
import { buildDemoSites } from './demo-sites';
import { seedDemoMembers } from './demo-members';
import { seedDemoPartnerCards } from './demo-partner-cards';
import { seedDemoStaff } from './demo-staff';
import { seedDemoThemes } from './demo-themes';

/**
 * First start on an empty database: demo brands and members to browse. Deterministic, so
 * every fresh machine shows the same people.
 */
export async function seedDemoIfEmpty(services: Services, options: { members: number }): Promise<boolean> {
  const sites = createSitesRepository(services.database.db);
  if ((await sites.count()) > 0) return false;
  await seedDemo(services, options);
  return true;
}

export async function seedDemo(services: Services, options: { members: number; seed?: number }) {
  const sites = createSitesRepository(services.database.db);
  const created = [];
  for (const site of buildDemoSites(services.config.defaultSiteDomain)) created.push(await sites.insert(site));
  for (const site of created) await insertDefaultBundles(services.database.db, site.id);
  await seedDemoThemes(services.database.db, services.storage, created);
  services.sites.invalidate();
  await seedDemoStaff(services.database.db, services.clock.now());
  await seedDemoPartnerCards(services.database.db, services.storage, services.clock.now());
  await seedDemoMembers({
    db: services.database.db,
    geo: services.geo,
    storage: services.storage,
    siteId: created[0].id,
    count: options.members,
    seed: options.seed ?? 20261122,
  });
}

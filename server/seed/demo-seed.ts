import type { Services } from '../services';
import { createSitesRepository } from '../db/repositories/sites.repository';
import { insertDefaultBundles } from './demo-bundles';
import { buildDemoSites } from './demo-sites';
import { seedDemoMembers } from './demo-members';
import { seedDemoPartnerCards } from './demo-partner-cards';
import { seedDemoStaff, type DemoStaffAccount } from './demo-staff';
import { seedDemoThemes } from './demo-themes';

/**
 * First start on an empty database: demo brands and members to browse. Deterministic, so
 * every fresh machine shows the same people. Returns the demo staff when it seeded, else null.
 */
export async function seedDemoIfEmpty(services: Services, options: { members: number }): Promise<SeededDemo | null> {
  const sites = createSitesRepository(services.database.db);
  if ((await sites.count()) > 0) return null;
  return seedDemo(services, options);
}

export interface SeededDemo {
  staff: readonly DemoStaffAccount[];
  /** Whether the staff keys were made for this server (to be shown once) rather than the README's. */
  staffKeysGenerated: boolean;
}

export async function seedDemo(services: Services, options: { members: number; seed?: number }): Promise<SeededDemo> {
  const sites = createSitesRepository(services.database.db);
  const created = [];
  for (const site of buildDemoSites(services.config.defaultSiteDomain)) created.push(await sites.insert(site));
  for (const site of created) await insertDefaultBundles(services.database.db, site.id);
  await seedDemoThemes(services.database.db, services.storage, created);
  services.sites.invalidate();
  // The README's console keys only where nobody else can reach the server.
  const staffKeysGenerated = services.config.listensBeyondLoopback;
  const staff = await seedDemoStaff(services.database.db, services.clock.now(), staffKeysGenerated ? 'generated' : 'published');
  await seedDemoPartnerCards(services.database.db, services.storage, services.clock.now());
  await seedDemoMembers({
    db: services.database.db,
    geo: services.geo,
    storage: services.storage,
    siteId: created[0].id,
    count: options.members,
    seed: options.seed ?? 20261122,
  });
  return { staff, staffKeysGenerated };
}

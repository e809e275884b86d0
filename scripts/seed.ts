/**
 * `npm run seed [-- --members N] [--reset] [--seed S]`: demo data for the configured database.
 * An empty database gets the demo sites and N members (default 240); otherwise N more members
 * join the default site. `--reset` first empties users, profiles and photos (and what refers to
 * them) and deletes the generated demo photos. From 50,000 members on, rows go in as bulk
 * batches; a million take a few minutes on PostgreSQL.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { createSitesRepository } from '../server/db/repositories/sites.repository';
import { users } from '../server/db/schema/index';
import { seedDemo } from '../server/seed/demo-seed';
import { describeDemoStaffKeys } from '../server/seed/demo-staff';
import { seedDemoMembers } from '../server/seed/demo-members';
import { createServices } from '../server/services';

const DEFAULT_SEED = 20261122;

interface SeedArgs {
  members: number;
  reset: boolean;
  seed: number;
}

function parseSeedArgs(argv: string[]): SeedArgs {
  const { values } = parseArgs({
    args: argv,
    options: { members: { type: 'string', default: '240' }, reset: { type: 'boolean', default: false }, seed: { type: 'string' } },
  });
  const members = Number(values.members);
  if (!Number.isSafeInteger(members) || members < 0) throw new Error(`--members must be a whole number ≥ 0, not "${values.members}"`);
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be a whole number, not "${values.seed}"`);
  return { members, reset: values.reset, seed };
}

async function main() {
  const args = parseSeedArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const services = await createServices(config, database);
    const { db } = database;
    const mediaDir = path.join(config.dataDir, 'media');
    if (args.reset) await resetMembers(db, mediaDir);

    const started = performance.now();
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    let target: string;
    if ((await createSitesRepository(db).count()) === 0) {
      target = 'the new demo sites';
      const seeded = await seedDemo(services, { members: args.members, seed: args.seed });
      if (seeded.staffKeysGenerated) console.log(describeDemoStaffKeys(seeded.staff));
    } else {
      const site = await services.sites.resolveSite(config.defaultSiteDomain);
      target = `site ${site.domain}`;
      await seedDemoMembers({
        db,
        geo: services.geo,
        storage: services.storage,
        siteId: site.id,
        count: args.members,
        seed: args.seed,
        now: services.clock.now(),
        onProgress: (done, total) => console.log(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} members (${elapsed()})`),
      });
    }
    const total = await db.$count(users);
    console.log(`Seeded ${args.members.toLocaleString('en')} demo members into ${target} in ${elapsed()}; ${total.toLocaleString('en')} users in all.`);
    console.log('Demo members sign in as demo<N>@rendezvous.example with the password "rendezvous-demo".');
  } finally {
    await database.close();
  }
}

/** Empties the member tables (CASCADE: whatever refers to members goes too) and the demo photo files. */
async function resetMembers(db: Database, mediaDir: string) {
  await db.execute(sql`truncate users, profiles, photos restart identity cascade`);
  const photosDir = path.join(mediaDir, 'photos');
  const files = await readdir(photosDir).catch(() => [] as string[]);
  const demoFiles = files.filter((name) => /^demo-\d+-\d+(-thumb)?\.webp$/.test(name));
  await Promise.all(demoFiles.map((name) => rm(path.join(photosDir, name), { force: true })));
  console.log(`Reset: emptied users, profiles and photos; deleted ${demoFiles.length} demo photo files.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

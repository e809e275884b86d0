import { sql } from 'drizzle-orm';
import type { GeoService } from '../adapters/geo/geo.port';
import { createLocalStorage } from '../adapters/storage/local-storage';
import type { MediaStorage } from '../adapters/storage/storage.port';
import { hashPassword } from '../domain/accounts/passwords';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { createAvatarPool } from './demo-avatars';
import { insertWithUnnest, insertWithValues } from './demo-insert';
import { createMemberFactory, type DemoMember } from './demo-people';
import { createRandom, weightedTable } from './seeded-random';
import { createTaskQueue } from './task-queue';

export { birthDateForAge } from './demo-people';

export const DEMO_PASSWORD = 'rendezvous-demo';
/** From this many members on, rows go in as `INSERT … SELECT FROM unnest(…)` batches of 5,000. */
export const BULK_THRESHOLD = 50_000;
/** How many photos a member has. */
const PHOTO_COUNTS = weightedTable<number>([
  [1, 25],
  [2, 30],
  [3, 25],
  [4, 20],
]);

export interface SeedDemoMembersOptions {
  db: Database;
  geo: GeoService;
  /**
   * Photos are written to the media store's `photos/` (the app's `storage`, local or S3), which
   * the server serves at `/media/photos/`; or, without one, to `<mediaDir>/photos/` on disk.
   */
  storage?: MediaStorage;
  mediaDir?: string;
  siteId: number;
  count: number;
  /** Same seed, same people (names, places, faces); dates are relative to `now`. */
  seed: number;
  now?: Date;
  /** `auto` (default) switches to `unnest` from BULK_THRESHOLD members on. */
  insertMode?: 'auto' | 'values' | 'unnest';
  /** Called every 100,000 members and at the end; without it, runs from BULK_THRESHOLD on log to stdout. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Adds `count` active demo members (users, profiles, 1–4 avatar photos each) to a site. Member
 * numbers continue after the highest existing `demo<N>@rendezvous.example`, so runs add up.
 * All members share the password DEMO_PASSWORD.
 */
export async function seedDemoMembers(options: SeedDemoMembersOptions): Promise<void> {
  const { db, count } = options;
  if (count <= 0) return;
  const bulk = options.insertMode === 'unnest' || (options.insertMode !== 'values' && count >= BULK_THRESHOLD);
  const firstNo = (await findLastDemoMemberNo(db)) + 1;
  // One hash for everyone, with the sign-up parameters: argon2 is slow on purpose, and demo accounts need no salt of their own.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  if (!options.storage && !options.mediaDir) throw new Error('seedDemoMembers needs a media storage or a mediaDir to write the photos to');
  const storage = options.storage ?? createLocalStorage(options.mediaDir!);

  const random = createRandom(firstNo === 1 ? options.seed : [options.seed, firstNo]);
  const renders = createTaskQueue(4);
  const avatars = createAvatarPool({ random, write: (filename, data) => storage.write(`photos/${filename}`, data, 'image/webp'), seed: options.seed, renders });
  const buildMember = createMemberFactory({ random, geo: options.geo, now: options.now ?? new Date() });
  const insertBatch = bulk ? insertWithUnnest : insertWithValues;
  const target = { siteId: options.siteId, passwordHash };
  const report = options.onProgress ?? (count >= BULK_THRESHOLD ? logProgress : () => {});

  const batchSize = bulk ? 5_000 : 500;
  // Two batches in flight: PostgreSQL writes one while this process generates the next.
  const inFlight = new Set<Promise<void>>();
  let done = 0;
  try {
    for (let start = 0; start < count; start += batchSize) {
      const batch: DemoMember[] = [];
      for (let i = start; i < Math.min(count, start + batchSize); i++) {
        const member = buildMember(firstNo + i, i);
        member.photos = avatars.assign(member, random.weighted(PHOTO_COUNTS));
        batch.push(member);
      }
      const task: Promise<void> = insertBatch(db, batch, target)
        .then(() => {
          const before = done;
          done += batch.length;
          if (Math.floor(done / 100_000) > Math.floor(before / 100_000) || done === count) report(done, count);
        })
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= 2) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } catch (error) {
    await Promise.allSettled(inFlight);
    await renders.drain().catch(() => {});
    throw error;
  }
  await renders.drain();
  if (bulk) await db.execute(sql`analyze users, profiles, photos`);
}

function logProgress(done: number, total: number) {
  console.info(`demo members: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`);
}

async function findLastDemoMemberNo(db: Database): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(substring(${users.email} from '^demo([0-9]+)@rendezvous[.]example$')::int)`.mapWith(Number) })
    .from(users);
  return row?.last ?? 0;
}

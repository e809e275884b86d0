import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createVisibleMember, type VisibleMemberOptions } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { Executor } from '../../db/client';
import { chordKm, createProfilesRepository, type SearchFilter } from '../../db/repositories/profiles.repository';
import type { SiteRow } from '../../db/schema/index';

const BERLIN = { city: 'Berlin', latitude: 52.52, longitude: 13.405 };
const POTSDAM = { city: 'Potsdam', latitude: 52.3906, longitude: 13.0645 }; // 27 km from Berlin
const HAMBURG = { city: 'Hamburg', latitude: 53.5511, longitude: 9.9937 }; // 255 km

let ctx: TestContext;
let site: SiteRow;
// The general site (niche 1): a niche site's radius count reads the table for the niches (migration 0046).
const NICHE = 1;
const hour = 3_600_000;
const ago = (hours: number) => new Date(ctx.clock.now().getTime() - hours * hour);
const member = (options: VisibleMemberOptions) => createVisibleMember(ctx, site, { niches: [NICHE], country: 'DE', ...options });

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-06-01T12:00:00Z'));
  site = await createSite(ctx.db, { niche: NICHE, countries: ['DE'] });
});
afterAll(() => ctx.close());

type Run = { plans: string[]; result: unknown };

/** Carries a run out of its transaction, which it rolls back (the dropped index comes back). */
class RolledBack extends Error {
  constructor(readonly run: Run) {
    super('rolled back');
  }
}

/**
 * Runs one repository call with sequential and bitmap scans and sorts turned off (and, with
 * `without`, that index dropped for the call), keeping the plan of each statement it sends
 * (EXPLAIN with the same values). Between an index scan and an index-only one PostgreSQL chooses
 * by how much of the table is all-visible: the test vacuums it first, as autovacuum does.
 */
async function indexOnly(call: (repository: ReturnType<typeof createProfilesRepository>) => Promise<unknown>, without?: string): Promise<Run> {
  try {
    await ctx.db.transaction(async (tx) => {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await tx.execute(sql.raw(`set local ${setting} = off`));
      if (without) await tx.execute(sql.raw(`drop index ${without}`));
      const plans: string[] = [];
      const explaining = {
        async execute(query: SQL) {
          const { rows } = (await tx.execute(sql`explain (costs off) ${query}`)) as unknown as { rows: Array<Record<string, string>> };
          plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
          return tx.execute(query);
        },
      } as unknown as Executor;
      throw new RolledBack({ plans, result: await call(createProfilesRepository(explaining)) });
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.run;
    throw error;
  }
  throw new Error('the transaction was not rolled back');
}

describe('search counts from the indexes alone (ADR 0067, migration 0046)', () => {
  it("counts a radius by an index-only walk of the nearest-first index, and a member's count without one by the btree index", async () => {
    const viewer = await member({ gender: 'male', seeking: 'female', sexuality: 'hetero', ...POTSDAM });
    const shown = [
      await member({ gender: 'female', seeking: 'male', ...BERLIN, dateOfBirth: '1990-01-01', lastActiveAt: ago(1) }),
      await member({ gender: 'female', seeking: 'both', sexuality: 'bi', ...POTSDAM, dateOfBirth: '1992-01-01', lastActiveAt: ago(2) }),
      await member({ gender: 'female', seeking: 'male', ...BERLIN, dateOfBirth: '1991-01-01', lastActiveAt: ago(3) }),
    ];
    // Inside the radius but not for him (whom they want, their gender, their age), and outside it.
    await member({ gender: 'female', seeking: 'female', ...BERLIN, dateOfBirth: '1990-01-01' });
    await member({ gender: 'female', seeking: 'male', sexuality: 'gay', ...BERLIN, dateOfBirth: '1990-01-01' });
    await member({ gender: 'male', seeking: 'female', ...BERLIN, dateOfBirth: '1990-01-01' });
    await member({ gender: 'female', seeking: 'male', ...BERLIN, dateOfBirth: '1960-01-01' });
    await member({ gender: 'female', seeking: 'male', ...HAMBURG, dateOfBirth: '1990-01-01', lastActiveAt: ago(0) });
    await ctx.db.execute(sql`vacuum (analyze) profiles`);
    const filter: SearchFilter = {
      viewerId: viewer.id,
      niche: NICHE,
      gender: 'female',
      wantedBy: 'male',
      bornAfter: '1980-06-01',
      near: { latitude: POTSDAM.latitude, longitude: POTSDAM.longitude },
      withinChordKm: chordKm(30),
    };

    const radiusCount = await indexOnly((repository) => repository.count(filter, 1000));
    expect(radiusCount.result).toBe(3);
    expect(radiusCount.plans[0]).toContain('Index Only Scan using profiles_nearest_idx');
    const capped = await indexOnly((repository) => repository.count(filter, 2));
    expect(capped.result).toBe(2);

    // The page walks the same index without reading the table, in the order of the sort.
    const page = await indexOnly((repository) => repository.search(filter, 20, 0));
    expect((page.result as Array<{ id: number }>).map((row) => row.id)).toEqual([shown[1].id, shown[0].id, shown[2].id]);
    expect(page.plans[0]).toContain('Index Only Scan using profiles_nearest_idx');

    // Without a radius the btree index counts alone too: country and gender as keys, the rule on its
    // included columns. (On a table this small PostgreSQL may as well take the GiST index, so it is dropped for the call.)
    const withoutRadius = { ...filter, country: 'DE', near: undefined, withinChordKm: undefined };
    const countryCount = await indexOnly((repository) => repository.count(withoutRadius, 1000), 'profiles_nearest_idx');
    expect(countryCount.result).toBe(4);
    expect(countryCount.plans[0]).toContain('Index Only Scan using profiles_search');
  });
});

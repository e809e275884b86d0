import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember, type VisibleMemberOptions } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestDatabase } from '../../../tests/setup/test-database';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { testEnv } from '../../../tests/setup/test-env';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { profiles, type SiteRow } from '../../db/schema/index';

/**
 * DATABASE_READ_URL (ADR 0080): which reads a read replica serves. A second database stands in
 * for a replica that lags: every write made "before" is applied to both, the later ones to the
 * primary only. What a search or a profile shows then tells which database answered.
 */
let primary: TestContext;
let replica: DatabaseHandle;
let site: SiteRow;
/** Written to both before any test writes to the primary alone (ids stay the same in both). */
let replicated: { shown: { id: number }; viewer: { id: number }; viewed: { id: number } };
const searchQuery = { page: 1, country: 'NL' } as Parameters<TestContext['services']['search']['search']>[1];

/** A member written to both databases (replicated), with the same id in each. */
async function replicatedMember(options: VisibleMemberOptions) {
  const onPrimary = await createVisibleMember(primary, site, options);
  const onReplica = await createVisibleMember({ ...primary, db: replica.db }, site, options);
  expect(onReplica.id).toBe(onPrimary.id);
  return onPrimary;
}

beforeAll(async () => {
  replica = await createTestDatabase();
  primary = await createTestContext({ readDb: async () => replica.db });
  primary.clock.set(new Date('2026-06-01T12:00:00Z'));
  site = await createSite(primary.db, { countries: ['NL'], loggedOutSearch: 'all' });
  expect((await createSite(replica.db, { countries: ['NL'], loggedOutSearch: 'all' })).id).toBe(site.id);
  replicated = {
    shown: await replicatedMember({ country: 'NL', gender: 'female' }),
    viewer: await replicatedMember({ country: 'DE', gender: 'male' }),
    viewed: await replicatedMember({ country: 'DE', gender: 'female' }),
  };
});
afterAll(async () => {
  await primary?.close();
  await replica?.close();
});

describe('search and profiles with a read replica', () => {
  it('reads search results from the replica, and the searcher’s own profile from the primary', async () => {
    const { shown } = replicated;
    // Signed up a moment ago: on the primary, not yet on the replica.
    const notYetReplicated = await createVisibleMember(primary, site, { country: 'NL', gender: 'female' });
    const searcher = await createVisibleMember(primary, site, { country: 'NL', gender: 'male' });

    const response = await primary.services.search.search(site, searchQuery, { memberId: searcher.id, hasTrafficSource: false });
    expect(response.results.map((card) => card.id)).toEqual([shown.id]);
    expect(response.numResults).toBe(1);
    // The searcher exists on the primary only: found there, so the member's unit comes back.
    expect(response.distance_unit).toBe('km');
    expect(notYetReplicated.id).toBeGreaterThan(shown.id);
  });

  it('shows another member’s profile as the replica has it, and a member’s own as the primary has it', async () => {
    const { viewer, viewed } = replicated;
    await primary.db.update(profiles).set({ about: 'Edited just now' }).where(eq(profiles.id, viewed.id));

    const seenByViewer = await primary.services.members.view(site, viewed.id, viewer.id);
    expect(seenByViewer.details.about).toBe('');
    const seenByHerself = await primary.services.members.view(site, viewed.id, viewed.id);
    expect(seenByHerself.details.about).toBe('Edited just now');
  });
});

describe('without a read replica', () => {
  it('reads everything from the primary', async () => {
    const alone = await createTestContext();
    try {
      alone.clock.set(new Date('2026-06-01T12:00:00Z'));
      const ownSite = await createSite(alone.db, { countries: ['NL'], loggedOutSearch: 'all' });
      const member = await createVisibleMember(alone, ownSite, { country: 'NL', gender: 'female' });
      const response = await alone.services.search.search(ownSite, searchQuery, { memberId: null, hasTrafficSource: false });
      expect(response.results.map((card) => card.id)).toEqual([member.id]);
    } finally {
      await alone.close();
    }
  });
});

describe.runIf(testEnv.engine === 'postgres')('with DATABASE_READ_URL naming a replica that does not answer', () => {
  it('answers searches and profiles from the primary', async () => {
    let unreachable: DatabaseHandle | undefined;
    const ctx = await createTestContext({
      readDb: async (primary) => {
        // Nothing listens on port 1: every connection to the "replica" is refused.
        unreachable = await openDatabase(
          { kind: 'postgres', url: primary.pool!.options.connectionString!, readUrl: 'postgres://postgres@127.0.0.1:1/replica', poolSize: 1 },
          { migrate: false },
        );
        return unreachable.readDb!;
      },
    });
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => void warnings.push(message);
    try {
      ctx.clock.set(new Date('2026-06-01T12:00:00Z'));
      const ownSite = await createSite(ctx.db, { countries: ['NL'], loggedOutSearch: 'all' });
      const member = await createVisibleMember(ctx, ownSite, { country: 'NL', gender: 'female' });
      const response = await ctx.services.search.search(ownSite, searchQuery, { memberId: null, hasTrafficSource: false });
      expect(response.results.map((card) => card.id)).toEqual([member.id]);
      expect((await ctx.services.members.view(ownSite, member.id, null)).id).toBe(member.id);
      // Said once per read that found the replica away (the page and the count go out together), then quiet for the pause.
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings.every((line) => /^read replica unavailable, reading the primary: connect ECONNREFUSED/.test(line))).toBe(true);
    } finally {
      console.warn = warn;
      await ctx.close();
      await unreachable?.close();
    }
  });
});

import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { withDatabase } from '../../../tests/setup/global-database';
import { testEnv } from '../../../tests/setup/test-env';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { profiles, type SiteRow } from '../../db/schema/index';

/**
 * DATABASE_READ_URL against a real streaming replica (ADR 0080): with TEST_READ_DATABASE_URL
 * naming a hot standby of the test server (`docs/capacity.md` shows how to start one), member
 * search is served by the standby. Pausing the standby's replay makes it lag on purpose: a member
 * who signs up meanwhile is not found until replay resumes, while a member's own edit shows at once.
 */
const runs = testEnv.engine === 'postgres' && !!testEnv.databaseUrl && !!testEnv.readDatabaseUrl;

describe.runIf(runs)('search on a streaming replica (TEST_READ_DATABASE_URL)', () => {
  let ctx: TestContext;
  let readHandle: DatabaseHandle;
  let standby: pg.Client;
  let site: SiteRow;
  const query = { page: 1, country: 'NL' } as Parameters<TestContext['services']['search']['search']>[1];
  const foundIds = async () =>
    (await ctx.services.search.search(site, query, { memberId: null, hasTrafficSource: false })).results.map((card) => card.id).sort((a, b) => a - b);

  beforeAll(async () => {
    standby = new pg.Client({ connectionString: testEnv.readDatabaseUrl });
    await standby.connect();
    ctx = await createTestContext({
      readDb: async (primary) => {
        const primaryUrl = primary.pool!.options.connectionString!;
        const name = new URL(primaryUrl).pathname.slice(1);
        const replicaUrl = withDatabase(testEnv.readDatabaseUrl!, name);
        // The test's database was just created on the primary: wait until the standby has replayed it.
        await vi.waitFor(
          async () => {
            if (!(await databaseExists(standby, name))) throw new Error(`${name} not on the standby yet`);
          },
          { timeout: 30_000, interval: 100 },
        );
        // The same door the server uses: DATABASE_URL with DATABASE_READ_URL.
        readHandle = await openDatabase({ kind: 'postgres', url: primaryUrl, readUrl: replicaUrl, poolSize: 2 }, { migrate: false });
        return readHandle.readDb!;
      },
    });
    ctx.clock.set(new Date('2026-06-01T12:00:00Z'));
    site = await createSite(ctx.db, { countries: ['NL'], loggedOutSearch: 'all' });
  });
  afterAll(async () => {
    await standby?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await standby?.end();
    // Before the test's database is dropped: replaying the drop ends the standby's connections to it.
    await readHandle?.close();
    await ctx?.close();
  });

  it('reads through a pool that is on the standby and refuses writes', async () => {
    const { rows } = await readHandle.readPool!.query<{ recovering: boolean; readOnly: string }>(
      `select pg_is_in_recovery() as recovering, current_setting('transaction_read_only') as "readOnly"`,
    );
    expect(rows[0]).toEqual({ recovering: true, readOnly: 'on' });
  });

  it('finds a new member once the standby has replayed the sign-up, and not while its replay is paused', async () => {
    const first = await createVisibleMember(ctx, site, { country: 'NL' });
    await expect.poll(foundIds, { timeout: 30_000 }).toEqual([first.id]);

    await standby.query('select pg_wal_replay_pause()');
    await expect.poll(async () => (await standby.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state')).rows[0]!.state).toBe('paused');
    const second = await createVisibleMember(ctx, site, { country: 'NL' });
    // Committed on the primary; the search answers from the paused standby.
    expect(await foundIds()).toEqual([first.id]);
    // A member's own profile is read from the primary: her edit shows at once.
    await ctx.db.update(profiles).set({ about: 'Just written' }).where(eq(profiles.id, second.id));
    expect((await ctx.services.members.view(site, second.id, second.id)).details.about).toBe('Just written');

    await standby.query('select pg_wal_replay_resume()');
    await expect.poll(foundIds, { timeout: 30_000 }).toEqual([first.id, second.id]);
  });
});

async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
  return rows.length === 1;
}

import { openDatabase } from '../../server/db/client';
import { createSitesRepository } from '../../server/db/repositories/sites.repository';
import { benchSiteRow, loadMembers, type Exec } from './search-data';

/**
 * The search bench's site and `count` of its generated members, loaded into a migrated scratch
 * PostgreSQL database at `url` (the worker and replica benches load their members this way).
 */
export async function loadSearchMembersInto(url: string, count: number): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    const site = await createSitesRepository(handle.db).insert(benchSiteRow());
    const client = await handle.pool!.connect();
    try {
      // A bulk load: no need to wait for each statement's WAL flush.
      await client.query(`set synchronous_commit = off`);
      await client.query(`set maintenance_work_mem = '256MB'`);
      const exec: Exec = (text, params) => client.query(text, params as unknown[]);
      await loadMembers(exec, { siteId: site.id, count });
    } finally {
      client.release();
    }
  } finally {
    await handle.close();
  }
}

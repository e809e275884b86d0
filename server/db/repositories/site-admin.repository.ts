import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SiteListQuery } from '../../../contract/admin/sites';
import { pageWindow } from '../../../contract/admin/list';
import type { Executor } from '../client';
import { creditBundles, sites, type NewSiteRow, type SiteRow } from '../schema/index';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';

export type BundleRow = typeof creditBundles.$inferSelect;
export type NewBundleRow = typeof creditBundles.$inferInsert;

const SORT_COLUMNS = { id: sites.id, name: sites.name, domain: sites.domain, updated_at: sites.updatedAt } as const;

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function listConditions(query: SiteListQuery, allowed: SiteIdFilter): SQL | undefined {
  const parts: SQL[] = [];
  const onSites = siteCondition(sites.id, allowed);
  if (onSites) parts.push(onSites);
  if (query.name) parts.push(ilike(sites.name, likePattern(query.name)));
  // A domain filter finds a site by any of its hosts.
  if (query.domain) parts.push(or(ilike(sites.domain, likePattern(query.domain)), sql`${sites.domainAliases}::text ilike ${likePattern(query.domain)}`)!);
  if (query.status) parts.push(eq(sites.status, query.status));
  return parts.length ? and(...parts) : undefined;
}

/** What the console reads and writes of sites and their credit bundles. */
export function createSiteAdminRepository(db: Executor) {
  return {
    /**
     * One page of the list, of the allowed sites only (null: every site); one row more than asked
     * tells whether another page follows.
     */
    async page(query: SiteListQuery, allowed: SiteIdFilter): Promise<SiteRow[]> {
      const { offset, limit } = pageWindow(query);
      const column = SORT_COLUMNS[query.sort];
      const order = query.dir === 'asc' ? asc(column) : desc(column);
      return db.select().from(sites).where(listConditions(query, allowed)).orderBy(order, asc(sites.id)).limit(limit).offset(offset);
    },
    async findById(id: number): Promise<SiteRow | null> {
      const [row] = await db.select().from(sites).where(eq(sites.id, id)).limit(1);
      return row ?? null;
    },
    /** Holds the row until the transaction ends, for read-check-write edits. */
    async lock(id: number): Promise<SiteRow | null> {
      const [row] = await db.select().from(sites).where(eq(sites.id, id)).for('update').limit(1);
      return row ?? null;
    },
    /**
     * Serialises changes of host names across sites for the rest of the transaction, so two
     * operators cannot give two sites the same host at the same moment.
     */
    async lockHostNames(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(7316001)`);
    },
    /** The hosts of `hosts` that another site already answers to (as domain or alias). */
    async hostsTaken(hosts: string[], exceptSiteId: number | null): Promise<string[]> {
      if (!hosts.length) return [];
      const others = exceptSiteId === null ? undefined : ne(sites.id, exceptSiteId);
      const rows = await db
        .select({ domain: sites.domain, aliases: sites.domainAliases })
        .from(sites)
        .where(
          and(
            others,
            or(
              inArray(sites.domain, hosts),
              sql`${sites.domainAliases} ?| array[${sql.join(
                hosts.map((host) => sql`${host}`),
                sql`, `,
              )}]::text[]`,
            ),
          ),
        );
      const used = new Set(rows.flatMap((row) => [row.domain, ...row.aliases]));
      return hosts.filter((host) => used.has(host));
    },
    async insert(values: NewSiteRow): Promise<SiteRow> {
      const [row] = await db.insert(sites).values(values).returning();
      return row;
    },
    /** Changes a row, bumps its version and `updated_at`; returns the new row. */
    async update(id: number, values: Partial<NewSiteRow>, now: Date): Promise<SiteRow> {
      const [row] = await db
        .update(sites)
        .set({ ...values, updatedAt: now, version: sql`${sites.version} + 1` })
        .where(eq(sites.id, id))
        .returning();
      return row;
    },

    async listBundles(siteId: number): Promise<BundleRow[]> {
      return db
        .select()
        .from(creditBundles)
        .where(eq(creditBundles.siteId, siteId))
        .orderBy(asc(creditBundles.sortOrder), asc(creditBundles.credits), asc(creditBundles.id));
    },
    async countBundles(siteId: number): Promise<number> {
      const [row] = await db.select({ value: count() }).from(creditBundles).where(eq(creditBundles.siteId, siteId));
      return row.value;
    },
    async lockBundle(siteId: number, bundleId: number): Promise<BundleRow | null> {
      const [row] = await db
        .select()
        .from(creditBundles)
        .where(and(eq(creditBundles.id, bundleId), eq(creditBundles.siteId, siteId)))
        .for('update')
        .limit(1);
      return row ?? null;
    },
    async insertBundle(values: NewBundleRow): Promise<BundleRow> {
      const [row] = await db.insert(creditBundles).values(values).returning();
      return row;
    },
    async updateBundle(bundleId: number, values: Partial<NewBundleRow>): Promise<BundleRow> {
      const [row] = await db
        .update(creditBundles)
        .set({ ...values, version: sql`${creditBundles.version} + 1` })
        .where(eq(creditBundles.id, bundleId))
        .returning();
      return row;
    },
  };
}

export type SiteAdminRepository = ReturnType<typeof createSiteAdminRepository>;

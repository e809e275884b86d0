import { asc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { sites, type NewSiteRow, type SiteRow } from '../schema/index';

export function createSitesRepository(db: Executor) {
  return {
    /** The site whose domain or one of whose aliases is this host (the console keeps them unique). */
    async findByDomain(domain: string): Promise<SiteRow | null> {
      const [row] = await db
        .select()
        .from(sites)
        .where(or(eq(sites.domain, domain), sql`${sites.domainAliases} @> ${JSON.stringify([domain])}::jsonb`))
        .orderBy(sql`${sites.domain} = ${domain} desc`)
        .limit(1);
      return row ?? null;
    },
    async findById(id: number): Promise<SiteRow | null> {
      const [row] = await db.select().from(sites).where(eq(sites.id, id)).limit(1);
      return row ?? null;
    },
    async insert(values: NewSiteRow): Promise<SiteRow> {
      const [row] = await db.insert(sites).values(values).returning();
      return row;
    },
    async update(id: number, values: Partial<NewSiteRow>): Promise<void> {
      await db.update(sites).set(values).where(eq(sites.id, id));
    },
    /** Every site's id and name, by name: what the console's site filters offer (a handful of brands). */
    names(): Promise<{ id: number; name: string }[]> {
      return db.select({ id: sites.id, name: sites.name }).from(sites).orderBy(asc(sites.name), asc(sites.id)).limit(500);
    },
    async count(): Promise<number> {
      return db.$count(sites);
    },
  };
}

export type SitesRepository = ReturnType<typeof createSitesRepository>;

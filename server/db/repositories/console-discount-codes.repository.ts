import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { discountCodes, discountRedemptions, sites, users, type DiscountCodeRow } from '../schema/index';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';

export interface ConsoleDiscountFilters {
  kind: DiscountCodeRow['kind'];
  status?: DiscountCodeRow['status'];
  code?: string;
  /** The allowed sites (ADR 0060): codes of other sites are left out; codes of every site stay. Null: every site. */
  sites: SiteIdFilter;
}

/**
 * The site a code belongs to: its own, else its member's (welcome and member codes); null for a
 * code of every site.
 */
const ownerSite = sql`coalesce(${discountCodes.siteId}, (select ${users.siteId} from ${users} where ${users.id} = ${discountCodes.userId}))`;

export type NewDiscountCode = Omit<typeof discountCodes.$inferInsert, 'id'>;

/**
 * Discount codes as operators manage them. Lists go newest first by id within one kind
 * (`discount_codes_kind_idx`): there is a welcome code per member, so "all codes" is not a list.
 */
export function createConsoleDiscountCodesRepository(db: Executor) {
  return {
    async page(filters: ConsoleDiscountFilters, options: { beforeId?: number; limit: number }) {
      const parts: SQL[] = [eq(discountCodes.kind, filters.kind)];
      if (filters.status) parts.push(eq(discountCodes.status, filters.status));
      if (filters.code) parts.push(sql`upper(${discountCodes.code}) = upper(${filters.code})`);
      const onSites = siteCondition(ownerSite, filters.sites);
      if (onSites) parts.push(or(sql`${ownerSite} is null`, onSites)!);
      if (options.beforeId !== undefined) parts.push(lt(discountCodes.id, options.beforeId));
      return db
        .select({
          code: discountCodes,
          // One index probe per row of the page (the redemptions' key starts with code_id).
          timesUsed: sql<number>`(select count(*)::int from ${discountRedemptions} where ${discountRedemptions.codeId} = ${discountCodes.id})`,
        })
        .from(discountCodes)
        .where(and(...parts))
        .orderBy(desc(discountCodes.id))
        .limit(options.limit);
    },

    async find(id: number): Promise<DiscountCodeRow | null> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
      return row ?? null;
    },

    /** The site a code belongs to (see `ownerSite`): null for a code of every site, undefined when there is no such code. */
    async findOwnerSite(id: number): Promise<number | null | undefined> {
      const [row] = await db
        .select({ siteId: sql<number | null>`${ownerSite}` })
        .from(discountCodes)
        .where(eq(discountCodes.id, id));
      return row ? row.siteId : undefined;
    },

    async codeExists(code: string): Promise<boolean> {
      const [row] = await db
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(sql`upper(${discountCodes.code}) = upper(${code})`);
      return !!row;
    },

    async siteExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, id));
      return !!row;
    },

    /** The site of a real (not fictional) member; null when there is no such member. */
    async findMemberSite(id: number): Promise<number | null> {
      const [row] = await db
        .select({ siteId: users.siteId })
        .from(users)
        .where(and(eq(users.id, id), eq(users.isFictional, false)));
      return row?.siteId ?? null;
    },

    async insert(code: NewDiscountCode): Promise<DiscountCodeRow> {
      const [row] = await db.insert(discountCodes).values(code).returning();
      return row;
    },

    /** Disables an active code; null when it was not active (nothing changed). */
    async disable(id: number): Promise<DiscountCodeRow | null> {
      const [row] = await db
        .update(discountCodes)
        .set({ status: 'inactive' })
        .where(and(eq(discountCodes.id, id), eq(discountCodes.status, 'active')))
        .returning();
      return row ?? null;
    },
  };
}

export type ConsoleDiscountCodesRepository = ReturnType<typeof createConsoleDiscountCodesRepository>;

import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { discountCodes, discountRedemptions, sites, users, type DiscountCodeRow } from '../schema/index';

export interface ConsoleDiscountFilters {
  kind: DiscountCodeRow['kind'];
  status?: DiscountCodeRow['status'];
  code?: string;
}

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

    async memberExists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.isFictional, false)));
      return !!row;
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

import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { discountCodes, discountRedemptions, type DiscountCodeRow } from '../schema/index';

export function createDiscountCodesRepository(db: Executor) {
  return {
    /** Codes are matched without regard to case. */
    async findByCode(code: string): Promise<DiscountCodeRow | null> {
      const [row] = await db
        .select()
        .from(discountCodes)
        .where(sql`upper(${discountCodes.code}) = upper(${code})`);
      return row ?? null;
    },

    async findById(id: number): Promise<DiscountCodeRow | null> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
      return row ?? null;
    },

    async findMemberCode(userId: number, kind: DiscountCodeRow['kind']): Promise<DiscountCodeRow | null> {
      const [row] = await db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.userId, userId), eq(discountCodes.kind, kind)));
      return row ?? null;
    },

    async insert(code: Omit<typeof discountCodes.$inferInsert, 'id'>): Promise<DiscountCodeRow> {
      const [row] = await db.insert(discountCodes).values(code).returning();
      return row;
    },

    async timesUsed(codeId: number, userId?: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(discountRedemptions)
        .where(and(eq(discountRedemptions.codeId, codeId), userId === undefined ? undefined : eq(discountRedemptions.userId, userId)));
      return row.n;
    },

    async recordRedemption(codeId: number, userId: number, orderId: number, at: Date) {
      await db.insert(discountRedemptions).values({ codeId, userId, orderId, createdAt: at }).onConflictDoNothing();
    },
  };
}

export type DiscountCodesRepository = ReturnType<typeof createDiscountCodesRepository>;

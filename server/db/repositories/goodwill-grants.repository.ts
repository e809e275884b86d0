import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { goodwillGrants, type GoodwillGrantRow } from '../schema/index';

/** Goodwill grants (issue 33): queries only. */
export function createGoodwillGrantsRepository(db: Executor) {
  return {
    findByKey: async (idempotencyKey: string): Promise<GoodwillGrantRow | null> =>
      (await db.select().from(goodwillGrants).where(eq(goodwillGrants.idempotencyKey, idempotencyKey)).limit(1))[0] ?? null,

    /** What this staff member gave since `since`, by `goodwill_grants_staff_idx`. */
    async sumGivenSince(staffId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${goodwillGrants.credits}), 0)` })
        .from(goodwillGrants)
        .where(and(eq(goodwillGrants.staffId, staffId), gte(goodwillGrants.createdAt, since)));
      return Number(row?.total ?? 0);
    },

    async insert(grant: typeof goodwillGrants.$inferInsert): Promise<GoodwillGrantRow> {
      const [row] = await db.insert(goodwillGrants).values(grant).returning();
      return row;
    },
  };
}

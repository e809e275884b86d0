import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { newsBroadcasts } from '../schema/index';

export type NewsBroadcastRow = typeof newsBroadcasts.$inferSelect;
export type NewsTexts = NewsBroadcastRow['texts'];

/** Operators' `news` broadcasts and their progress. */
export function createNewsBroadcastsRepository(db: Executor) {
  return {
    async insert(values: { siteId: number | null; texts: NewsTexts; createdBy: string; createdAt: Date }): Promise<NewsBroadcastRow> {
      const [row] = await db.insert(newsBroadcasts).values(values).returning();
      return row;
    },

    async findById(id: number): Promise<NewsBroadcastRow | null> {
      const [row] = await db.select().from(newsBroadcasts).where(eq(newsBroadcasts.id, id));
      return row ?? null;
    },

    listLatest(limit: number): Promise<NewsBroadcastRow[]> {
      return db.select().from(newsBroadcasts).orderBy(desc(newsBroadcasts.createdAt), desc(newsBroadcasts.id)).limit(limit);
    },

    async markStarted(id: number, at: Date): Promise<void> {
      await db.execute(sql`update news_broadcasts set started_at = coalesce(started_at, ${at.toISOString()}::timestamptz) where id = ${id}`);
    },

    async addSent(id: number, count: number): Promise<void> {
      if (count) await db.execute(sql`update news_broadcasts set sent_count = sent_count + ${count} where id = ${id}`);
    },

    /**
     * Marks the broadcast finished when none of its batch jobs (keys under `batchKeyPrefix`) is
     * still to run; a batch given up (dead) counts as done. Answers whether it is finished.
     */
    async finishIfDone(id: number, batchKeyPrefix: string, at: Date): Promise<boolean> {
      const result = (await db.execute(sql`
        update news_broadcasts set finished_at = ${at.toISOString()}::timestamptz
        where id = ${id} and finished_at is null
          and not exists (select 1 from jobs j where j.key like ${`${batchKeyPrefix}%`} and j.done_at is null and j.dead_at is null)
        returning id`)) as unknown as { rows: unknown[] };
      if (result.rows.length) return true;
      return !!(await this.findById(id))?.finishedAt;
    },
  };
}

export type NewsBroadcastsRepository = ReturnType<typeof createNewsBroadcastsRepository>;

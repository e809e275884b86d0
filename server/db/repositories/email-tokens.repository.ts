import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../client';
import { emailTokens } from '../schema/index';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export function createEmailTokensRepository(db: Executor) {
  return {
    async insert(values: typeof emailTokens.$inferInsert): Promise<void> {
      await db.insert(emailTokens).values(values);
    },
    /** Marks a live token used and returns it; null when unknown, used, expired or for another purpose. */
    async consume(tokenHash: string, purpose: EmailTokenPurpose, now: Date): Promise<EmailTokenRow | null> {
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
        .returning();
      return row ?? null;
    },
    /** A live token without using it (to show a form before the member submits it). */
    async findLive(tokenHash: string, purpose: EmailTokenPurpose, now: Date): Promise<EmailTokenRow | null> {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },
    async countSince(userId: number, purpose: EmailTokenPurpose, since: Date): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since)));
      return row.value;
    },
    /** Retires every unused token of a purpose (e.g. all reset links once the password changed). */
    async revokeAll(userId: number, purpose: EmailTokenPurpose, now: Date): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    },
  };
}
export type EmailTokensRepository = ReturnType<typeof createEmailTokensRepository>;

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { signupFirstMessages } from '../schema/index';

export type SignupFirstMessageRow = typeof signupFirstMessages.$inferSelect;
export type SignupFirstMessageOutcome = NonNullable<SignupFirstMessageRow['outcome']>;

/** A sign-up's first message to the profile it signed up from; every query names the new member. */
export function createSignupFirstMessagesRepository(db: Executor) {
  return {
    /**
     * Keeps the message only when the target is a member the site shows right now (visible:
     * confirmed, not hidden, not banned, profile active) — checked in the same statement, so a
     * target hidden meanwhile is never kept. Answers whether it was kept.
     */
    async keepIfTargetVisible(values: { userId: number; targetUserId: number; body: string; at: Date }): Promise<boolean> {
      const result = await db.execute(sql`
        insert into ${signupFirstMessages} (user_id, target_user_id, body, created_at)
        select ${values.userId}, p.id, ${values.body}, ${values.at.toISOString()}::timestamptz
        from profiles p where p.id = ${values.targetUserId} and p.visible and p.id <> ${values.userId}
        on conflict (user_id) do nothing
        returning user_id`);
      return (result as unknown as { rows: unknown[] }).rows.length > 0;
    },

    async find(userId: number): Promise<SignupFirstMessageRow | null> {
      const [row] = await db.select().from(signupFirstMessages).where(eq(signupFirstMessages.userId, userId)).limit(1);
      return row ?? null;
    },

    /** Records what became of the message, once: answers false when it was settled already. */
    async settle(userId: number, outcome: SignupFirstMessageOutcome, at: Date): Promise<boolean> {
      const rows = await db
        .update(signupFirstMessages)
        .set({ outcome, settledAt: at })
        .where(and(eq(signupFirstMessages.userId, userId), isNull(signupFirstMessages.settledAt)))
        .returning({ userId: signupFirstMessages.userId });
      return rows.length > 0;
    },
  };
}

export type SignupFirstMessagesRepository = ReturnType<typeof createSignupFirstMessagesRepository>;

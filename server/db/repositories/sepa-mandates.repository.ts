import { and, desc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { sepaMandates, users, type SepaMandateRow } from '../schema/index';

export type NewSepaMandate = Omit<typeof sepaMandates.$inferInsert, 'id' | 'smsSendCount' | 'failedAttempts' | 'confirmedAt'>;
/** What a member may change by sending the mandate form again. */
export type MandateDetails = Omit<NewSepaMandate, 'userId' | 'orderId' | 'createdAt'>;

/**
 * SEPA mandates and their SMS codes. Every read is scoped by owner; every counter moves by a
 * conditional update, so concurrent requests cannot get past a limit between check and write.
 */
export function createSepaMandatesRepository(db: Executor) {
  return {
    async findForMember(userId: number, mandateId: number): Promise<SepaMandateRow | null> {
      const [row] = await db
        .select()
        .from(sepaMandates)
        .where(and(eq(sepaMandates.id, mandateId), eq(sepaMandates.userId, userId)));
      return row ?? null;
    },

    /** The newest mandate of the member for an order that is still waiting for its code. */
    async findUnconfirmedForOrder(userId: number, orderId: number): Promise<SepaMandateRow | null> {
      const [row] = await db
        .select()
        .from(sepaMandates)
        .where(and(eq(sepaMandates.userId, userId), eq(sepaMandates.orderId, orderId), isNull(sepaMandates.confirmedAt)))
        .orderBy(desc(sepaMandates.id))
        .limit(1);
      return row ?? null;
    },

    async insert(mandate: NewSepaMandate): Promise<SepaMandateRow> {
      const [row] = await db.insert(sepaMandates).values(mandate).returning();
      return row;
    },

    /**
     * New details and a new code for an unconfirmed mandate, counted as one more SMS; null when
     * the mandate has had `maxSends` codes already.
     */
    async replaceDetails(mandateId: number, details: MandateDetails, maxSends: number): Promise<SepaMandateRow | null> {
      const [row] = await db
        .update(sepaMandates)
        .set({ ...details, smsSendCount: sql`${sepaMandates.smsSendCount} + 1`, failedAttempts: 0 })
        .where(and(eq(sepaMandates.id, mandateId), isNull(sepaMandates.confirmedAt), lt(sepaMandates.smsSendCount, maxSends)))
        .returning();
      return row ?? null;
    },

    /** A new code, unless the last one went out after `notSentAfter` or `maxSends` were sent; null then. */
    async recordResend(mandateId: number, smsCodeHash: string, at: Date, rules: { notSentAfter: Date; maxSends: number }): Promise<SepaMandateRow | null> {
      const [row] = await db
        .update(sepaMandates)
        .set({ smsCodeHash, smsSentAt: at, smsSendCount: sql`${sepaMandates.smsSendCount} + 1`, failedAttempts: 0 })
        .where(
          and(
            eq(sepaMandates.id, mandateId),
            isNull(sepaMandates.confirmedAt),
            lte(sepaMandates.smsSentAt, rules.notSentAfter),
            lt(sepaMandates.smsSendCount, rules.maxSends),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Counts a wrong code while the code still has attempts left; false once it has none. */
    async recordFailedAttempt(mandateId: number, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(sepaMandates)
        .set({ failedAttempts: sql`${sepaMandates.failedAttempts} + 1` })
        .where(and(eq(sepaMandates.id, mandateId), lt(sepaMandates.failedAttempts, maxAttempts)))
        .returning({ id: sepaMandates.id });
      return rows.length === 1;
    },

    /** True only for the one caller that confirmed it. */
    async markConfirmed(mandateId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(sepaMandates)
        .set({ confirmedAt: at })
        .where(and(eq(sepaMandates.id, mandateId), isNull(sepaMandates.confirmedAt)))
        .returning({ id: sepaMandates.id });
      return rows.length === 1;
    },

    /** Holds the member's row for the rest of the transaction: their confirmations run one at a time. */
    async lockMember(userId: number) {
      const [row] = await db.select({ id: users.id, directDebitBlocked: users.directDebitBlocked }).from(users).where(eq(users.id, userId)).for('update');
      return row ?? null;
    },
  };
}

export type SepaMandatesRepository = ReturnType<typeof createSepaMandatesRepository>;

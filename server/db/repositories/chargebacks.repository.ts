import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { chargebacks, users, type ChargebackRow } from '../schema/index';

export type NewChargeback = Omit<typeof chargebacks.$inferInsert, 'id' | 'bookedAt' | 'reversedCredits' | 'debtCredits' | 'debtAmount'>;

/** A chargeback's booking: what came off the ledger and what the member owes. */
export interface ChargebackBooking {
  reversedCredits: number;
  debtCredits: number;
  debtAmount: number;
  at: Date;
}

/**
 * The chargebacks and returns of orders, as the payments domain books them. Only stores: the
 * rules (what is reversed, what is debt) are in `domain/payments/chargeback-rules.ts`.
 */
export function createChargebacksRepository(db: Executor) {
  return {
    /** Inserts the provider's chargeback once; null when it was recorded before (a replay). */
    async insertUnlessExists(values: NewChargeback): Promise<ChargebackRow | null> {
      const [row] = await db.insert(chargebacks).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** An order's chargebacks whose reversal is not booked yet, oldest first. */
    async listUnbooked(orderId: number): Promise<ChargebackRow[]> {
      return (
        db
          .select()
          .from(chargebacks)
          // A chargeback reversed before its order was credited is never booked.
          .where(and(eq(chargebacks.orderId, orderId), isNull(chargebacks.bookedAt), isNull(chargebacks.debtResolution)))
          .orderBy(asc(chargebacks.id))
      );
    },

    /** Credits of the order already accounted for by its booked chargebacks and its refund. */
    async coveredCredits(orderId: number): Promise<number> {
      const result = (await db.execute(sql`
        select (coalesce((select sum(reversed_credits + debt_credits) from chargebacks where order_id = ${orderId} and booked_at is not null), 0)
              + coalesce((select credits from refunds where order_id = ${orderId}), 0))::int as total`)) as unknown as { rows: { total: number }[] };
      return result.rows[0].total;
    },

    /** Records the booking; false when another transaction booked it first. */
    async markBooked(id: number, booking: ChargebackBooking): Promise<boolean> {
      const rows = await db
        .update(chargebacks)
        .set({ bookedAt: booking.at, reversedCredits: booking.reversedCredits, debtCredits: booking.debtCredits, debtAmount: booking.debtAmount })
        .where(and(eq(chargebacks.id, id), isNull(chargebacks.bookedAt)))
        .returning({ id: chargebacks.id });
      return rows.length > 0;
    },

    /** Whether the member owes money from a chargeback nobody has settled or waived yet. */
    async hasOpenDebt(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: chargebacks.id })
        .from(chargebacks)
        .where(and(eq(chargebacks.userId, userId), gt(chargebacks.debtAmount, 0), isNull(chargebacks.debtResolution)))
        .limit(1);
      return !!row;
    },

    /** The member's own open debts, oldest first (owner-scoped: only `userId`'s rows). */
    async listOpenDebts(userId: number): Promise<ChargebackRow[]> {
      return db
        .select()
        .from(chargebacks)
        .where(and(eq(chargebacks.userId, userId), gt(chargebacks.debtAmount, 0), isNull(chargebacks.debtResolution)))
        .orderBy(asc(chargebacks.chargedBackAt), asc(chargebacks.id));
    },

    /** Blocks the member for direct debit (a returned debit); the console lifts it as any block. */
    async blockDirectDebit(userId: number): Promise<void> {
      await db.update(users).set({ directDebitBlocked: true }).where(eq(users.id, userId));
    },

    /** The provider's chargeback, locked for its reversal; null when it was never recorded. */
    async lockByProviderId(provider: string, providerChargebackId: string): Promise<ChargebackRow | null> {
      const [row] = await db
        .select()
        .from(chargebacks)
        .where(and(eq(chargebacks.provider, provider), eq(chargebacks.providerChargebackId, providerChargebackId)))
        .for('update');
      return row ?? null;
    },

    /** Closes a chargeback as reversed by the provider, once; its open debt with it. */
    async markReversed(id: number, at: Date): Promise<ChargebackRow | null> {
      const [row] = await db
        .update(chargebacks)
        .set({ debtResolution: 'reversed', debtResolvedAt: at, debtResolvedBy: null })
        .where(and(eq(chargebacks.id, id), isNull(chargebacks.debtResolution)))
        .returning();
      return row ?? null;
    },

    async findById(id: number): Promise<ChargebackRow | null> {
      const [row] = await db.select().from(chargebacks).where(eq(chargebacks.id, id));
      return row ?? null;
    },

    /** Locks one chargeback for an operator's decision on its debt. */
    async lock(id: number): Promise<ChargebackRow | null> {
      const [row] = await db.select().from(chargebacks).where(eq(chargebacks.id, id)).for('update');
      return row ?? null;
    },

    async resolveDebt(id: number, resolution: 'settled' | 'waived' | 'reversed', staffId: number | null, at: Date): Promise<ChargebackRow | null> {
      const [row] = await db
        .update(chargebacks)
        .set({ debtResolution: resolution, debtResolvedAt: at, debtResolvedBy: staffId })
        .where(and(eq(chargebacks.id, id), isNull(chargebacks.debtResolution)))
        .returning();
      return row ?? null;
    },
  };
}

export type ChargebacksRepository = ReturnType<typeof createChargebacksRepository>;

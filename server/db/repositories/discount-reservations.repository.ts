import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { discountReservations, type DiscountReservationRow } from '../schema/index';

type Live = Pick<DiscountReservationRow, 'codeId' | 'orderId' | 'userId' | 'scope'>;

/**
 * Single-use discounts held by orders. Every write is one statement whose outcome the caller
 * reads from what it returns: the partial unique index decides who holds a scope, never an
 * earlier read.
 */
export function createDiscountReservationsRepository(db: Executor) {
  /** Inserts a live row; false when its scope (or its order) already has one. */
  async function insertLive(row: Live, status: 'reserved' | 'redeemed', at: Date): Promise<boolean> {
    const rows = await db
      .insert(discountReservations)
      .values({ ...row, status, createdAt: at, updatedAt: at })
      .onConflictDoNothing()
      .returning({ id: discountReservations.id });
    return rows.length === 1;
  }

  /** Moves the order's rows in one of `from` to `to`; true when one moved. */
  async function move(orderId: number, from: DiscountReservationRow['status'][], to: DiscountReservationRow['status'], at: Date): Promise<boolean> {
    const rows = await db
      .update(discountReservations)
      .set({ status: to, updatedAt: at })
      .where(and(eq(discountReservations.orderId, orderId), inArray(discountReservations.status, from)))
      .returning({ id: discountReservations.id });
    return rows.length > 0;
  }

  return {
    /** Holds the scope for an unfinished order; false when another order holds or used it. */
    reserve: (row: Live, at: Date) => insertLive(row, 'reserved', at),

    /** Takes the scope straight to redeemed (a paid order that held no reservation); false when taken. */
    redeemUnreserved: (row: Live, at: Date) => insertLive(row, 'redeemed', at),

    /** The order's reservation becomes its redemption; false when it held none any more. */
    redeemReserved: (orderId: number, at: Date) => move(orderId, ['reserved'], 'redeemed', at),

    /**
     * Frees the scope from the member's own unfinished order, for a newer order of theirs: a
     * member who starts over at the checkout keeps their discount. Another member's hold is
     * never touched. Returns the order that held it, or null.
     */
    async releaseOwnHold(scope: string, userId: number, at: Date): Promise<number | null> {
      const [row] = await db
        .update(discountReservations)
        .set({ status: 'released', updatedAt: at })
        .where(and(eq(discountReservations.scope, scope), eq(discountReservations.userId, userId), eq(discountReservations.status, 'reserved')))
        .returning({ orderId: discountReservations.orderId });
      return row?.orderId ?? null;
    },

    /** Frees the scope of an order that ended unpaid; a no-op when it held none. */
    release: (orderId: number, at: Date) => move(orderId, ['reserved'], 'released', at),

    /** Records that the paid order did not get its discount, freeing a scope it still held. */
    async forfeit(row: Live, at: Date): Promise<void> {
      if (!(await move(row.orderId, ['reserved'], 'forfeited', at))) {
        await db.insert(discountReservations).values({ ...row, status: 'forfeited', createdAt: at, updatedAt: at });
      }
    },

    /** Whether the scope's live row is a redemption (used) rather than an unfinished order's hold. */
    async isRedeemed(scope: string): Promise<boolean> {
      const [row] = await db
        .select({ status: discountReservations.status })
        .from(discountReservations)
        .where(and(eq(discountReservations.scope, scope), eq(discountReservations.status, 'redeemed')))
        .limit(1);
      return !!row;
    },

    /** The order's rows, newest first (its history: reserved, released, redeemed, forfeited). */
    async listForOrder(orderId: number): Promise<DiscountReservationRow[]> {
      return db.select().from(discountReservations).where(eq(discountReservations.orderId, orderId)).orderBy(desc(discountReservations.id));
    },
  };
}

export type DiscountReservationsRepository = ReturnType<typeof createDiscountReservationsRepository>;

import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { creditBundles, creditLedger, discountCodes, orders, paymentEvents, refunds, type OrderRow } from '../schema/index';

export type NewOrder = Omit<typeof orders.$inferInsert, 'id'>;

/** An order with its discount code and refund, as the member's pages show it. */
export interface OrderRecord {
  order: OrderRow;
  discountCode: string | null;
  refund: { credits: number; amount: number; currency: string; createdAt: Date } | null;
}

/** Bundles, orders and their status reports. Every member-facing query is scoped by owner. */
export function createOrdersRepository(db: Executor) {
  const withDetails = () =>
    db
      .select({
        order: orders,
        discountCode: discountCodes.code,
        refund: { credits: refunds.credits, amount: refunds.amount, currency: refunds.currency, createdAt: refunds.createdAt },
      })
      .from(orders)
      .leftJoin(discountCodes, eq(discountCodes.id, orders.discountCodeId))
      .leftJoin(refunds, eq(refunds.orderId, orders.id));
  const toRecord = (row: { order: OrderRow; discountCode: string | null; refund: OrderRecord['refund'] | { credits: null } }): OrderRecord => ({
    order: row.order,
    discountCode: row.discountCode,
    refund: row.refund && row.refund.credits !== null ? (row.refund as OrderRecord['refund']) : null,
  });

  return {
    async listBundles(siteId: number) {
      return db
        .select()
        .from(creditBundles)
        .where(and(eq(creditBundles.siteId, siteId), eq(creditBundles.active, true)))
        .orderBy(asc(creditBundles.sortOrder), asc(creditBundles.credits));
    },

    async findBundle(siteId: number, bundleId: number) {
      const [row] = await db
        .select()
        .from(creditBundles)
        .where(and(eq(creditBundles.id, bundleId), eq(creditBundles.siteId, siteId), eq(creditBundles.active, true)));
      return row ?? null;
    },

    /** Inserts the order, or returns null when the member already has one with this client id. */
    async insertUnlessExists(order: NewOrder): Promise<OrderRow | null> {
      const [row] = await db
        .insert(orders)
        .values(order)
        .onConflictDoNothing({ target: [orders.userId, orders.clientId] })
        .returning();
      return row ?? null;
    },

    async setProviderPayment(orderId: number, payment: { id: string; checkoutUrl: string }, at: Date) {
      await db.update(orders).set({ providerPaymentId: payment.id, checkoutUrl: payment.checkoutUrl, updatedAt: at }).where(eq(orders.id, orderId));
    },

    async findByClientId(userId: number, clientId: string): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.clientId, clientId)));
      return row ?? null;
    },

    async findForMember(userId: number, orderId: number): Promise<OrderRecord | null> {
      const [row] = await withDetails().where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      return row ? toRecord(row) : null;
    },

    async listForMember(userId: number, limit = 100): Promise<OrderRecord[]> {
      const rows = await withDetails().where(eq(orders.userId, userId)).orderBy(desc(orders.id)).limit(limit);
      return rows.map(toRecord);
    },

    /** For background jobs only; member-facing reads go through `findForMember`. */
    async findById(orderId: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row ?? null;
    },

    async findByProviderPayment(provider: string, providerPaymentId: string): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.provider, provider), eq(orders.providerPaymentId, providerPaymentId)));
      return row ?? null;
    },

    /** Locks the order for the rest of the transaction, so reports about it apply one at a time. */
    async lock(orderId: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row ?? null;
    },

    async setStatus(orderId: number, status: OrderRow['status'], at: Date) {
      await db.update(orders).set({ status, updatedAt: at }).where(eq(orders.id, orderId));
    },

    /** Marks the order credited; true only for the one caller that got there first. */
    async markCredited(orderId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ creditedAt: at })
        .where(and(eq(orders.id, orderId), isNull(orders.creditedAt)))
        .returning({ id: orders.id });
      return rows.length === 1;
    },

    /** The credits a paid order bought, when they differ from its bundle's (a forfeited discount). */
    async setCredits(orderId: number, credits: number, at: Date) {
      await db.update(orders).set({ credits, updatedAt: at }).where(eq(orders.id, orderId));
    },

    async recordEvent(event: typeof paymentEvents.$inferInsert) {
      await db.insert(paymentEvents).values(event);
    },

    async lastPaid(userId: number): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
        .orderBy(desc(orders.id))
        .limit(1);
      return row ?? null;
    },

    /** The member's direct-debit total since `since` that is not failed or cancelled. */
    async directDebitTotalSince(userId: number, since: Date, currency: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${orders.amount}), 0)::int` })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.paymentMethod, 'directdebit'),
            eq(orders.currency, currency),
            inArray(orders.status, ['pending', 'paid']),
            gte(orders.createdAt, since),
          ),
        );
      return row.total;
    },

    async insertRefund(refund: typeof refunds.$inferInsert) {
      const rows = await db.insert(refunds).values(refund).onConflictDoNothing().returning({ id: refunds.id });
      return rows.length === 1;
    },

    /** The member's ledger, newest first; purchase and refund rows name their order. */
    async ledgerForMember(userId: number, options: { orderId?: number; limit?: number } = {}) {
      return db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), options.orderId ? eq(creditLedger.reference, `order:${options.orderId}`) : undefined))
        .orderBy(desc(creditLedger.id))
        .limit(options.limit ?? 200);
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

import { orders, refunds, type OrderRow } from '../../server/db/schema/index';
import type { Database } from '../../server/db/client';

let counter = 0;

/** An order made straight in the database, for tests of the console's money lists. */
export async function createOrder(db: Database, values: Partial<typeof orders.$inferInsert> & { siteId: number; createdAt: Date }): Promise<OrderRow> {
  counter += 1;
  const [row] = await db
    .insert(orders)
    .values({
      userId: null,
      credits: 100,
      amount: 1995,
      currency: 'EUR',
      country: 'NL',
      paymentMethod: 'ideal',
      provider: 'demo',
      providerPaymentId: `tr_test_${counter}_${Date.now()}`,
      status: 'paid',
      clientId: `client-${counter}-${Date.now()}`,
      updatedAt: values.createdAt,
      ...values,
      listAmount: values.listAmount ?? values.amount ?? 1995,
    })
    .returning();
  return row;
}

/** A refund row for an order (what the refunds service writes after the provider agreed). */
export async function createRefund(db: Database, order: OrderRow, values: { amount: number; credits?: number; createdAt: Date }) {
  await db.insert(refunds).values({
    orderId: order.id,
    userId: order.userId,
    credits: values.credits ?? 10,
    amount: values.amount,
    currency: order.currency,
    createdAt: values.createdAt,
  });
}

import type { OpenDebt } from '../../../contract/payments';
import type { Executor } from '../../db/client';
import { createChargebacksRepository } from '../../db/repositories/chargebacks.repository';

/**
 * The member's own open debts from chargebacks and returns (ADR 0063), as the credits page shows
 * them before any purchase is tried: what is owed, in the order's currency, and why. Read by
 * owner only; the same rows make `payment_debt_outstanding` refuse a purchase.
 */
export async function listOpenDebts(db: Executor, memberId: number): Promise<OpenDebt[]> {
  const rows = await createChargebacksRepository(db).listOpenDebts(memberId);
  return rows.map((row) => ({
    order_id: row.orderId,
    kind: row.kind,
    amount: { amount: row.debtAmount, currency: row.currency },
    charged_back_at: row.chargedBackAt.toISOString(),
  }));
}

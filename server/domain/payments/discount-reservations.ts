import type { Executor } from '../../db/client';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { createDiscountCodesRepository } from '../../db/repositories/discount-codes.repository';
import { createDiscountReservationsRepository, type DiscountReservationsRepository } from '../../db/repositories/discount-reservations.repository';
import { createOrdersRepository } from '../../db/repositories/orders.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import type { DiscountCodeRow, OrderRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';

/** The discounts a member gets once, for their first purchase: whichever of them comes first. */
const FIRST_PURCHASE_KINDS: readonly DiscountCodeRow['kind'][] = ['welcome', 'time_bonus'];

/**
 * What may be used only once when this member uses this code, or null for a code without
 * a limit. The welcome code and the time bonus share the member's first purchase, and every
 * "stay" code of a member shares one scope, so a second code of the same kind made for the
 * member (the welcome code is made on first ask) cannot be used beside the first.
 */
export function reservationScope(code: Pick<DiscountCodeRow, 'id' | 'kind' | 'validity'>, memberId: number): string | null {
  if (FIRST_PURCHASE_KINDS.includes(code.kind)) return `first:${memberId}`;
  if (code.kind === 'delete_discount') return `stay:${memberId}`;
  if (code.validity === 'once') return `code:${code.id}`;
  if (code.validity === 'once-per-user') return `code:${code.id}:member:${memberId}`;
  return null;
}

/**
 * Holds the code for a new order, in the transaction that inserts the order. A member who starts
 * a new checkout (another payment method, a second try) takes the hold over from their own
 * unfinished order, which, if it is paid after all, gets the credits its price buys without the
 * discount (`settleDiscount`). When another member's order holds the code, or it was used, this
 * throws and the order is never made.
 */
export async function reserveDiscount(tx: Executor, code: DiscountCodeRow, order: Pick<OrderRow, 'id'>, memberId: number, at: Date): Promise<void> {
  const scope = reservationScope(code, memberId);
  if (scope === null) return;
  const reservations = createDiscountReservationsRepository(tx);
  const hold = { codeId: code.id, orderId: order.id, userId: memberId, scope };
  if (await reservations.reserve(hold, at)) return;
  const used = await reservations.isRedeemed(scope);
  if (!used && (await reservations.releaseOwnHold(scope, memberId, at)) !== null && (await reservations.reserve(hold, at))) return;
  throw new AppError(used ? 'discount_code_used' : 'discount_code_reserved');
}

/** Frees the code of an order that ended unpaid (failed, cancelled, expired). */
export const releaseDiscount = (tx: Executor, orderId: number, at: Date) => createDiscountReservationsRepository(tx).release(orderId, at);

/**
 * Decides, in the paying transaction, whether a paid order gets its discount, and returns the
 * credits it buys. Run with the order locked, before the member is marked as paying.
 *
 * The order keeps its discount when it still holds its reservation, or, if the reservation was
 * released (a payment reported after the order failed or expired), when nobody took the code
 * in between. Otherwise the discount is forfeited: the member has paid the discounted price and
 * gets the credits that price buys at the bundle's list price (rounded down), so they get
 * exactly what they paid for and the single-use discount is never granted twice. The order's
 * `credits` becomes what was credited, so a refund pays back the same share of the price.
 * A first-purchase discount is forfeited as well when another purchase was credited first.
 * Of a member's own orders that raced for one scope, the first one paid gets the discount: it
 * takes the hold from their unfinished order, which is then the one that pays without it.
 */
export async function settleDiscount(tx: Executor, order: OrderRow & { userId: number }, at: Date): Promise<{ credits: number; discountGranted: boolean }> {
  if (order.discountCodeId === null) return { credits: order.credits, discountGranted: false };
  const code = await createDiscountCodesRepository(tx).findById(order.discountCodeId);
  if (!code) return { credits: order.credits, discountGranted: false };
  const reservations = createDiscountReservationsRepository(tx);
  const scope = reservationScope(code, order.userId);
  const row = { codeId: code.id, orderId: order.id, userId: order.userId, scope: scope ?? `order:${order.id}` };
  // The member's row stays locked to the commit, so two of their orders paid at once settle one
  // after the other: otherwise each could take the other's hold and neither keep its discount.
  await createCreditsRepository(tx).lockBalance(order.userId);

  const granted = (await isStillFirstPurchase(tx, code, order.userId)) && (scope === null || (await holdsOrTakes(reservations, row, at)));
  if (granted) {
    await createDiscountCodesRepository(tx).recordRedemption(code.id, order.userId, order.id, at);
    return { credits: order.credits, discountGranted: true };
  }
  await reservations.forfeit(row, at);
  const credits = creditsAtListPrice(order);
  await createOrdersRepository(tx).setCredits(order.id, credits, at);
  return { credits, discountGranted: false };
}

/** Whether the paid order holds the scope, or takes it: free, or held by the same member's unfinished order. */
async function holdsOrTakes(
  reservations: DiscountReservationsRepository,
  row: { codeId: number; orderId: number; userId: number; scope: string },
  at: Date,
): Promise<boolean> {
  if ((await reservations.redeemReserved(row.orderId, at)) || (await reservations.redeemUnreserved(row, at))) return true;
  return (await reservations.releaseOwnHold(row.scope, row.userId, at)) !== null && (await reservations.redeemUnreserved(row, at));
}

/** Whether a first-purchase discount still meets a first purchase (read with the member's row locked). */
async function isStillFirstPurchase(tx: Executor, code: DiscountCodeRow, memberId: number): Promise<boolean> {
  if (!FIRST_PURCHASE_KINDS.includes(code.kind)) return true;
  return !(await createUsersRepository(tx).findById(memberId))?.paidUser;
}

/** What the amount paid buys at the list price of the order's bundle. */
export function creditsAtListPrice(order: Pick<OrderRow, 'credits' | 'amount' | 'listAmount'>): number {
  if (order.listAmount <= 0 || order.amount >= order.listAmount) return order.credits;
  return Math.floor((order.credits * order.amount) / order.listAmount);
}

import { refundAmount } from './refund-rules';

/** What one chargeback does to the member: credits taken back, and credits (and money) owed. */
export interface ChargebackPlan {
  reversedCredits: number;
  debtCredits: number;
  debtAmount: number;
}

/**
 * The rule of a chargeback (issue 33, ADR 0063): the money taken back stands for a share of the
 * order's credits (all of them for the whole amount, pro rata for part), never more than the
 * order's credits not yet accounted for by an earlier chargeback or a refund. Of that share, the
 * order's unused bought credits come off the balance (never below zero); what the member had
 * already spent is their debt, in credits and in money at the order's price, at most the
 * chargeback's amount.
 */
export function planChargeback(input: {
  order: { credits: number; amount: number };
  chargebackAmount: number;
  /** Credits of the order already taken back or refunded. */
  coveredCredits: number;
  /** The order's unused bought credits now (`unusedBoughtCredits`). */
  unusedCredits: number;
  balance: number;
}): ChargebackPlan {
  const { order } = input;
  const left = Math.max(0, order.credits - input.coveredCredits);
  const share = order.amount > 0 ? Math.round((order.credits * Math.min(input.chargebackAmount, order.amount)) / order.amount) : order.credits;
  const stake = Math.min(left, share);
  const reversedCredits = Math.max(0, Math.min(stake, input.unusedCredits, input.balance));
  const debtCredits = stake - reversedCredits;
  const debtAmount = Math.min(input.chargebackAmount, refundAmount(order.amount, order.credits, debtCredits));
  return { reversedCredits, debtCredits, debtAmount };
}

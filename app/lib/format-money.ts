import type { Money } from '../../contract/payments';

/** A price as the member reads it, from integer minor units (spec: amounts are never floats on the wire). */
export function formatMoney(money: Money, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: money.currency }).format(money.amount / 100);
}

/** The member's price after a percentage off, rounded like the server (`applyPercentage`). */
export function discountedAmount(amount: number, percentage: number): number {
  return amount - Math.round((amount * percentage) / 100);
}

/** What one credit costs, with a third decimal where it matters (€0.199 vs €0.16). */
export function formatPerCredit(money: Money, credits: number, language: string): string {
  const amount = money.amount / credits / 100;
  return new Intl.NumberFormat(language, { style: 'currency', currency: money.currency, minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(amount);
}

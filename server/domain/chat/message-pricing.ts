import type { SiteRow, UserRow } from '../../db/schema/index';

export type PaidKind = 'text' | 'gift' | 'photo';

/**
 * What the next message costs (spec §1, §5): free members send the site's free messages
 * first; then every text costs message_credits, but never less than the sender's country's
 * minimum; gifts and photos cost their own price. Premium members pay for messages too.
 */
export function priceOf(
  kind: PaidKind,
  site: Pick<SiteRow, 'messageCredits' | 'giftCredits' | 'photoCredits' | 'freeMessages' | 'minimumMessageCosts'>,
  sender: Pick<UserRow, 'paidUser'>,
  senderCountry: string,
  freeMessagesSent: number,
): number {
  if (kind === 'gift') return site.giftCredits;
  if (kind === 'photo') return site.photoCredits;
  if (!sender.paidUser && freeMessagesSent < site.freeMessages) return 0;
  const minimum = site.minimumMessageCosts[senderCountry]?.costs ?? 0;
  return Math.max(site.messageCredits, minimum);
}

import type { PartnerCard } from '../../../contract/partner-cards';
import { PARTNER_CARD_EVERY } from '../../../contract/discovery-limits';
import type { ProfileCard } from '../../../contract/profiles';

export type SearchResultItem = { type: 'member'; profile: ProfileCard } | { type: 'partner'; card: PartnerCard; slot: number };

/**
 * Members in their order, with one partner card after every `every` members, cycling through
 * the cards (ADR 0035). Fewer members than `every`: no partner card, so an offer never stands
 * in for the members a search was for. `slot` numbers the placements, for React keys.
 */
export function interleavePartnerCards(members: ProfileCard[], partners: PartnerCard[], every = PARTNER_CARD_EVERY): SearchResultItem[] {
  const items: SearchResultItem[] = [];
  let slot = 0;
  members.forEach((profile, index) => {
    items.push({ type: 'member', profile });
    if (partners.length > 0 && (index + 1) % every === 0) {
      items.push({ type: 'partner', card: partners[slot % partners.length], slot });
      slot += 1;
    }
  });
  return items;
}
